// The auth feature's public surface: what other features may use (docs/decisions/115-platform-and-modules.md).
export { ApplicationAsking } from './components/application-asking';
