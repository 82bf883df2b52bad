import { useLocation } from 'react-router';

/** The page's address as the router has it now, for tests of what a click opens. */
export function ShownLocation() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}
