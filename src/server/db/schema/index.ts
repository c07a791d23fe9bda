export * from './admins';
export * from './cms';
export * from './notifications';
export * from './puzzles';
export * from './support';
export * from './users';
