/**
 * The one place that loads the build-time catalog. `npm run content` validates content/ and
 * writes src/generated/catalog.json; the pre-rendering build and the server read that same file
 * (scripts/lib/catalog-module.mjs), so pre-rendered and on-demand bodies come from the very same data.
 */
import { readCatalogText } from 'virtual:catalog';
import type { Catalog } from './catalog-types.ts';

export const catalog: Catalog = JSON.parse(readCatalogText()) as Catalog;
