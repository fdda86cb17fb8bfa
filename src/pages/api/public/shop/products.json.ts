/** Pre-rendered GET /api/public/shop/products: novelty items and bundles, written by its operation. */
import { products } from '../../../../api/catalog.ts';
import { prerendered } from '../../../../api/registry.ts';

export const { GET } = prerendered(products);
