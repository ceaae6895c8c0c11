/** A driver's wallet page (balance, top-up, ledger): the alias route of driver transactions. */
export const walletPath = (driverId: number | string) => `/driver-management/transactions/${driverId}`;
