export * from './errors';
export * from './jurisdictions';
export * from './languages';
export * from './lists';
export * from './permissions';
export * from './routes';
export * from './users';
