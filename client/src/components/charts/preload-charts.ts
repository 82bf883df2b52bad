let apexcharts: Promise<typeof import('react-apexcharts')> | undefined;

/**
 * Starts loading apexcharts (a megabyte, its own chunk), once: the screens that draw charts ask for it
 * as their route is matched, beside their own chunks, so it is fetched and compiled while the page's
 * scripts and calls are on their way rather than after its rows are drawn.
 */
export function preloadCharts(): Promise<typeof import('react-apexcharts')> {
  apexcharts ??= import('react-apexcharts');
  return apexcharts;
}
