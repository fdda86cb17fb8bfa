/**
 * The one place that loads the build-time catalog. `npm run content` validates content/ and
 * writes src/generated/catalog.json; Vite inlines it into both the pre-rendering build and the
 * server bundle, so pre-rendered and on-demand bodies come from the very same data.
 */
import raw from '../generated/catalog.json?raw';
import type { Catalog } from './catalog-types.ts';

export const catalog: Catalog = JSON.parse(raw) as Catalog;
