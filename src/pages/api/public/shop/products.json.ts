/** Pre-rendered GET /api/public/shop/products: novelty items and bundles. */
import { catalog } from '../../../../catalog/data.ts';
import { shopBody } from '../../../../catalog/media.ts';
import { contentFreshness, json } from '../../../../http/respond.ts';

export const GET = () => json(shopBody(catalog), contentFreshness('build', catalog.lastModified.shop));
