import { distinctUntilChanged, map } from 'rxjs';
import { session } from '../../app/services.ts';
import { favoriteProjectIds } from '../../session/user-config.ts';

/** The favourite project ids from the user config (`projects.favorite`). */
export const favoriteIds$ = session.config$.pipe(
  map(favoriteProjectIds),
  distinctUntilChanged((a, b) => a.length === b.length && a.every((id, index) => id === b[index])),
);

export function toggleFavorite(favorites: readonly number[], projectId: number): void {
  const favorite = favorites.includes(projectId) ? favorites.filter((id) => id !== projectId) : [...favorites, projectId];
  session.changeConfig({ projects: { favorite } });
}
