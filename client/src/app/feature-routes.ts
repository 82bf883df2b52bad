import { collectRoutes } from './routing.ts';

/**
 * Every feature's `routes.tsx`, found by Vite at build time: a new screen reaches the router, the sidebar and the
 * project page's tabs from its own folder, without a line here or there. The modules load pages only by import().
 */
export const featureRoutes = collectRoutes(import.meta.glob<Record<string, unknown>>('../features/*/routes.tsx', { eager: true }));
