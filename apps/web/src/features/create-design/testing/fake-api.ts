import { apiPaths, type Brand, type Product, type Question, type Space, type Template } from '@dwellscape/shared';
import { jsonResponse, mockApi, type ApiRoutes } from '../../../../test/mock-api';

/** A small catalogue in the API's shapes, for component tests. */
export const fixtures = {
  brands: [
    {
      id: 'nordic',
      name: 'Nordic Home',
      logoUrl: '/media/seed/nordic.webp',
      description: '',
      category: 'Furniture',
      modes: ['interior'],
      isDatabaseBrand: false,
    },
  ] satisfies Brand[],
  products: [
    {
      id: 'sofa',
      name: 'Linen Sofa',
      price: 899,
      imageUrl: '/media/seed/sofa.webp',
      description: '',
      brandId: 'nordic',
      brandName: 'Nordic Home',
      category: 'Seating',
      mode: 'interior',
      isDatabaseProduct: false,
    },
    {
      id: 'lamp',
      name: 'Arc Lamp',
      price: 149,
      imageUrl: '/media/seed/lamp.webp',
      description: '',
      brandId: 'nordic',
      brandName: 'Nordic Home',
      category: 'Lighting',
      mode: 'interior',
      isDatabaseProduct: false,
    },
  ] satisfies Product[],
  questions: [
    { id: 'vibe', questionText: "What's the vibe?", type: 'buttons', options: ['Cozy', 'Airy'], mode: 'interior' },
    {
      id: 'light',
      questionText: 'How much natural light?',
      type: 'select',
      options: ['Lots', 'Little'],
      mode: 'interior',
    },
  ] satisfies Question[],
  templates: [
    {
      id: 'tpl-living',
      name: 'Sunny Living Room',
      thumbnailUrl: '/media/seed/t1-thumb.webp',
      imageUrl: '/media/seed/t1.webp',
      category: 'Living Room',
      mode: 'interior',
    },
  ] satisfies Template[],
  spaces: [
    {
      id: 'loft',
      name: 'City Loft',
      category: 'Living Room',
      tags: [],
      thumbnailUrl: '/media/seed/s1-thumb.webp',
      imageUrl: '/media/seed/s1.webp',
      mode: 'interior',
    },
    // the same space empty, as GET /api/spaces lists it after the furnished ones
    {
      id: 'loft-empty',
      name: 'City Loft',
      category: 'Living Room',
      tags: [],
      thumbnailUrl: '/media/seed/s1-empty-thumb.webp',
      imageUrl: '/media/seed/s1-empty.webp',
      mode: 'interior',
      empty: true,
    },
  ] satisfies Space[],
};

/** The catalogue above on mockApi (test/mock-api.ts); `overrides` answer chosen routes ("POST /api/designs"). */
export function stubApi(overrides: ApiRoutes = {}) {
  return mockApi({
    [`GET ${apiPaths.brands}`]: { items: fixtures.brands },
    [`GET ${apiPaths.products}`]: { items: fixtures.products },
    [`GET ${apiPaths.questions}`]: { items: fixtures.questions },
    [`GET ${apiPaths.templates}`]: { items: fixtures.templates },
    [`GET ${apiPaths.spaces}`]: { items: fixtures.spaces },
    // a job the test did not queue is none of this person's: a job a test's retry queued goes on being read (every
    // second, from the render session's store) until it has been lost three times, into the next test
    [`GET ${apiPaths.renderJob(':id')}`]: jsonResponse(404, { error: 'Not Found', message: 'Render job not found' }),
    ...overrides,
  });
}
