export * from './httpFailure';
export * from './failureReports';
export * from './request';
