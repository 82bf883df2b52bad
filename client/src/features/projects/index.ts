/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { FavoriteButton } from './FavoriteButton.tsx';
export { ProjectCounters } from './ProjectCounters.tsx';
export { ProjectIcon } from './ProjectIcon.tsx';
export { ProjectMenu, canEditProject } from './ProjectMenu.tsx';
export { ProjectName } from './ProjectName.tsx';
export { ProjectTags } from './ProjectTags.tsx';
export { favoriteIds$ } from './favorites.ts';
export { useProjectDialogs, type ProjectDialogKind } from './use-project-dialogs.tsx';
