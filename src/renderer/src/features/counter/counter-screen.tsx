import { PlaceholderScreen } from '../placeholder-screen.tsx';

export function CounterScreen() {
  return <PlaceholderScreen screen="counter" />;
}
