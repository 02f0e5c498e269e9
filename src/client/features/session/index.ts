export { LoginGate } from './login-gate';
export { sessionKeys, sessionQuery, useSignOut } from './session-api';
