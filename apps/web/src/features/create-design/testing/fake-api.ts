import type { Brand, Product, Question, Space, Template } from '@dwellscape/shared';
import { vi } from 'vitest';
import { jsonResponse } from '../../../../test/render';

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

type Handler = (request: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response>;

/** Stubs fetch with the catalogue above; `overrides` answer chosen paths ("POST /api/designs"). */
export function stubApi(overrides: Record<string, Handler> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const override = overrides[`${method} ${url.pathname}`];
    if (override) return override({ url, init });
    if (method === 'GET') {
      const lists: Record<string, unknown[]> = {
        '/api/brands': fixtures.brands,
        '/api/products': fixtures.products,
        '/api/questions': fixtures.questions,
        '/api/templates': fixtures.templates,
        '/api/spaces': fixtures.spaces,
      };
      const items = lists[url.pathname];
      if (items) return jsonResponse(200, { items });
    }
    return jsonResponse(404, { error: `No fake for ${method} ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
    );
  return { fetchMock, callsTo };
}
