import { lazy } from 'react';

/**
 * Pages no first paint shows: they render antd's `Result`, whose three pictures are ~10 KiB gzip.
 * Fetched right after the signed-in page's first paint (`preloadLaterParts`, so a failed area or an
 * unknown path never waits for them), or when first shown; bench/bundle-size.ts counts them among
 * what loads after the first paint.
 */
const notFoundPage = () =>
  import('../pages/NotFoundPage.js').then((page) => ({ default: page.NotFoundPage }));
const areaUnavailable = () =>
  import('../federation/AreaUnavailable.js').then((part) => ({ default: part.AreaUnavailable }));

export const NotFoundPage = lazy(notFoundPage);
export const AreaUnavailable = lazy(areaUnavailable);

export function preloadLaterParts(): void {
  void notFoundPage();
  void areaUnavailable();
}
