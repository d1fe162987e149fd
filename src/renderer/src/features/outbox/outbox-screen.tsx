import { PlaceholderScreen } from '../placeholder-screen.tsx';

export function OutboxScreen() {
  return <PlaceholderScreen screen="outbox" />;
}
