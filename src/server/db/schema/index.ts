export * from './admins';
export * from './cms';
export * from './dashboard';
export * from './images';
export * from './notifications';
export * from './puzzles';
export * from './support';
export * from './users';
