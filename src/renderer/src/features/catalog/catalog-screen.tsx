import { PlaceholderScreen } from '../placeholder-screen.tsx';

export function CatalogScreen() {
  return <PlaceholderScreen screen="catalog" />;
}
