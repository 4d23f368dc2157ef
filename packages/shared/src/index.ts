export * from './constants';
export * from './messages';
export * from './schemas';
export * from './helpers';
export * from './api-paths';
export * from './accounts';
export * from './orders';
export * from './contracts';
