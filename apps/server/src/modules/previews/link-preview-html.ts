import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './preview-picture';

/** What a link to a design shows before the gate (docs/decisions/0048), as absolute URLs. */
export interface LinkPreview {
  title: string;
  description: string;
  url: string;
  imageUrl: string;
}

const SITE_NAME = 'Dwellscape™';

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);

/** The Open Graph and Twitter card tags of a design's link. */
export function linkPreviewTags(preview: LinkPreview): string {
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:image', preview.imageUrl],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(PREVIEW_WIDTH)],
    ['property', 'og:image:height', String(PREVIEW_HEIGHT)],
    ['property', 'og:image:alt', preview.title],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', preview.imageUrl],
  ];
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`)
    .join('');
}

/**
 * The app's index.html with a design's link tags in its head and its title as the page's: the page
 * is still the gate and the app, so a browser opening the link passes the gate as every load does.
 */
export function withLinkPreview(indexHtml: string, preview: LinkPreview): string {
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd === -1) throw new Error('index.html has no </head>');
  const titled = indexHtml
    .slice(0, headEnd)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${preview.title} · ${SITE_NAME}`)}</title>`);
  return `${titled}${linkPreviewTags(preview)}${indexHtml.slice(headEnd)}`;
}
