export const reviewPath = (id: number | string) => `/driver-management/review/${id}`;
