import type { Brand, Mode, Product } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { notFound } from '../../errors';
import { findBrandsOfMode, findProductById, findProducts, productsOfMode } from './catalogue.repository';

export function listBrands(db: AppDatabase, mode: Mode): Promise<Brand[]> {
  return findBrandsOfMode(db, mode);
}

/** The catalogue of one mode, optionally narrowed to one brand (an unknown brand simply has no products). */
export function listProducts(db: AppDatabase, mode: Mode, brandId: string | undefined): Promise<Product[]> {
  return findProducts(db, { where: productsOfMode(mode, brandId) });
}

export async function getProduct(db: AppDatabase, id: string): Promise<Product> {
  const product = await findProductById(db, id);
  if (!product) throw notFound('Product');
  return product;
}
