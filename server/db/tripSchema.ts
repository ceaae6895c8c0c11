/** Trip-service tables; filled in by the trip service. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TripTables {}
