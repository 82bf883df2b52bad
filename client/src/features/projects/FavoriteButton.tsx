import { useObservableEagerState } from 'observable-hooks';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { favoriteIds$, toggleFavorite } from './favorites.ts';

/** The favourite star (§2 Dashboard, Project page). */
export function FavoriteButton({ projectId, projectName }: { projectId: number; projectName: string }) {
  const { t } = useTranslation();
  const favorites = useObservableEagerState(favoriteIds$);
  const isFavorite = favorites.includes(projectId);
  return (
    <Button
      className={`favorite-button${isFavorite ? ' favorite-button--on' : ''}`}
      icon={isFavorite ? 'pi pi-star-fill' : 'pi pi-star'}
      text
      rounded
      severity={isFavorite ? 'warning' : 'secondary'}
      aria-pressed={isFavorite}
      aria-label={t(isFavorite ? 'projects.unfavorite' : 'projects.favorite', { name: projectName })}
      onClick={() => toggleFavorite(favorites, projectId)}
    />
  );
}
