import { PlaceholderScreen } from '../placeholder-screen.tsx';

export function FairScreen() {
  return <PlaceholderScreen screen="fair" />;
}
