import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import {
  accountExportSchema,
  deleteAccountBodySchema,
  designPageQuerySchema,
  designPageResponseSchema,
  followParamsSchema,
  followResponseSchema,
  saveResponseSchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  unreadCountResponseSchema,
  updateProfileBodySchema,
} from './accounts';
import { apiPaths } from './api-paths';
import {
  earningsResponseSchema,
  orderIdParamsSchema,
  orderSchema,
  ordersResponseSchema,
  placeOrderBodySchema,
  placeOrderResponseSchema,
} from './orders';
import {
  addCommentBodySchema,
  addCommentResponseSchema,
  commentPageQuerySchema,
  commentPageResponseSchema,
  designCountsSchema,
  designSchema,
  feedDesignSchema,
  feedQuerySchema,
  feedResponseSchema,
  likeResponseSchema,
  liveQuerySchema,
  notificationSchema,
  publishDesignBodySchema,
  remixesResponseSchema,
  searchPageQuerySchema,
  searchPageSchemas,
  searchQuerySchema,
  searchResponseSchema,
  type SearchList,
} from './design-schemas';
import {
  brandSchema,
  gateBodySchema,
  gateQuerySchema,
  idParamsSchema,
  listOf,
  modeQuerySchema,
  productSchema,
  productsQuerySchema,
  questionSchema,
  spaceSchema,
  templateSchema,
  userIdParamsSchema,
  userSchema,
} from './schemas';
import {
  createPromptRenderJobBodySchema,
  generateDesignFieldsSchema,
  generateDesignResponseSchema,
  generateFromPromptBodySchema,
  generateFromPromptResponseSchema,
  improveCaptionBodySchema,
  improveCaptionResponseSchema,
  improveNotesBodySchema,
  improveNotesResponseSchema,
  recompositeDesignBodySchema,
  recompositeDesignResponseSchema,
  renderJobSchema,
  renderVariationCountSchema,
  uploadResponseSchema,
} from './render-schemas';
import { updateDesignBodySchema } from './design-edits';

/*
 * One contract per API call: its method, its route, the schemas of what it takes and of what it answers on success.
 * The server registers each route from its contract (route, method, schemas) and the web client calls through it
 * (the URL from the route, the body as JSON or as a form of the body's fields), so neither spells a path or a shape
 * of its own. The paths come from `apiPaths`.
 */

type Schema = z.core.$ZodType;
/** An event stream's event names, each with the schema of the JSON its `data:` carries. */
export type StreamEvents = Readonly<Record<string, Schema>>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiContract {
  readonly method: HttpMethod;
  /** The route pattern, `:id` where a path parameter goes (`/api/designs/:id/like`). */
  readonly route: string;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Sent as `multipart/form-data`, one field per key of `body` (collections as JSON text); JSON otherwise. */
  readonly form?: true;
  /** An event stream (`text/event-stream`), read with EventSource rather than fetch. */
  readonly stream?: true;
  /** A stream's events: each event name and the schema of its `data:` (JSON), for the server's writes and the web's reads. */
  readonly events?: StreamEvents;
  /** The status of a success. */
  readonly status: 200 | 201 | 202 | 204;
  /** What a success answers; null for no body (204) or a stream. */
  readonly response: Schema | null;
}

const contract = <const C extends ApiContract>(definition: C): C => definition;

/** The route pattern of an `apiPaths` entry: a builder's argument becomes `:id`. */
function routeOf(path: string | ((id: string) => string)): string {
  return typeof path === 'string' ? path : path(':id').replace(encodeURIComponent(':id'), ':id');
}

/** The URL of one call: the route with each `:name` replaced by its (encoded) parameter. */
export function pathOf(target: Pick<ApiContract, 'route'>, params: Readonly<Record<string, string>> = {}): string {
  return target.route.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${target.route} needs the parameter "${name}"`);
    return encodeURIComponent(value);
  });
}

const get = <const R extends Schema>(path: Parameters<typeof routeOf>[0], response: R) =>
  contract({ method: 'GET', route: routeOf(path), status: 200, response });

/** The multipart form of docs/product.md §7's generate-design-image: its fields, and the space photo as the file `image`. */
export const generateDesignFormSchema = lazySchema(() =>
  z.extend(generateDesignFieldsSchema, { image: z.optional(z.file()) }),
);

/** The multipart form of docs/product.md §7's generate-design-image, as a render job, with how many variations. */
export const renderJobFormSchema = lazySchema(() =>
  z.extend(generateDesignFieldsSchema, {
    variations: z.optional(renderVariationCountSchema),
  }),
);

/**
 * A stream's `lastEventId` serves a client that opens a new EventSource (which cannot set headers) after losing one;
 * the browser's own reconnects send the Last-Event-ID header, which wins.
 */
const lastEventIdSchema = lazySchema(() => z.optional(z.string().check(z.maxLength(200))));
export const designsLiveQuerySchema = lazySchema(() => z.extend(liveQuerySchema, { lastEventId: lastEventIdSchema }));
export const notificationsLiveQuerySchema = lazySchema(() => z.object({ lastEventId: lastEventIdSchema }));

const searchListContract = (list: SearchList) =>
  contract({
    method: 'GET',
    route: apiPaths.searchList(list),
    query: searchPageQuerySchema,
    status: 200,
    response: searchPageSchemas[list],
  });

export const contracts = {
  /* gate and accounts */
  unlockGate: contract({
    method: 'POST',
    route: apiPaths.gate,
    query: gateQuerySchema,
    body: gateBodySchema,
    status: 204,
    response: null,
  }),
  signUp: contract({
    method: 'POST',
    route: apiPaths.signUp,
    body: signUpBodySchema,
    status: 201,
    response: sessionResponseSchema,
  }),
  signIn: contract({
    method: 'POST',
    route: apiPaths.signIn,
    body: signInBodySchema,
    status: 200,
    response: sessionResponseSchema,
  }),
  signOut: contract({ method: 'POST', route: apiPaths.signOut, status: 200, response: sessionResponseSchema }),
  signOutEverywhere: contract({
    method: 'POST',
    route: apiPaths.signOutEverywhere,
    status: 200,
    response: sessionResponseSchema,
  }),
  getMe: get(apiPaths.me, sessionResponseSchema),
  updateProfile: contract({
    method: 'PATCH',
    route: apiPaths.me,
    body: updateProfileBodySchema,
    status: 200,
    response: userSchema,
  }),
  exportMyData: get(apiPaths.meExport, accountExportSchema),
  deleteAccount: contract({
    method: 'DELETE',
    route: apiPaths.me,
    body: deleteAccountBodySchema,
    status: 200,
    response: sessionResponseSchema,
  }),

  /* people */
  getUser: contract({ ...get(apiPaths.user, userSchema), params: userIdParamsSchema }),
  listUserDesigns: contract({ ...get(apiPaths.userDesigns, listOf(designSchema)), params: userIdParamsSchema }),
  followUser: contract({
    method: 'PUT',
    route: routeOf(apiPaths.userFollow),
    params: followParamsSchema,
    status: 200,
    response: followResponseSchema,
  }),
  unfollowUser: contract({
    method: 'DELETE',
    route: routeOf(apiPaths.userFollow),
    params: followParamsSchema,
    status: 200,
    response: followResponseSchema,
  }),

  /* designs */
  listFeed: contract({ ...get(apiPaths.designs, feedResponseSchema), query: feedQuerySchema }),
  listFollowingFeed: contract({
    ...get(apiPaths.designsFollowing, designPageResponseSchema),
    query: designPageQuerySchema,
  }),
  listSaved: contract({ ...get(apiPaths.meSaved, designPageResponseSchema), query: designPageQuerySchema }),
  designsLive: contract({
    method: 'GET',
    route: apiPaths.designsLive,
    query: designsLiveQuerySchema,
    stream: true,
    // a new design as its feed card; a design's counts (without an id: never replayed)
    events: { design: feedDesignSchema, counts: designCountsSchema },
    status: 200,
    response: null,
  }),
  publishDesign: contract({
    method: 'POST',
    route: apiPaths.designs,
    body: publishDesignBodySchema,
    status: 201,
    response: designSchema,
  }),
  getDesign: contract({ ...get(apiPaths.design, designSchema), params: idParamsSchema }),
  listRemixes: contract({ ...get(apiPaths.designRemixes, remixesResponseSchema), params: idParamsSchema }),
  likeDesign: contract({
    method: 'PUT',
    route: routeOf(apiPaths.designLike),
    params: idParamsSchema,
    status: 200,
    response: likeResponseSchema,
  }),
  unlikeDesign: contract({
    method: 'DELETE',
    route: routeOf(apiPaths.designLike),
    params: idParamsSchema,
    status: 200,
    response: likeResponseSchema,
  }),
  saveDesign: contract({
    method: 'PUT',
    route: routeOf(apiPaths.designSave),
    params: idParamsSchema,
    status: 200,
    response: saveResponseSchema,
  }),
  unsaveDesign: contract({
    method: 'DELETE',
    route: routeOf(apiPaths.designSave),
    params: idParamsSchema,
    status: 200,
    response: saveResponseSchema,
  }),
  listComments: contract({
    ...get(apiPaths.designComments, commentPageResponseSchema),
    params: idParamsSchema,
    query: commentPageQuerySchema,
  }),
  addComment: contract({
    method: 'POST',
    route: routeOf(apiPaths.designComments),
    params: idParamsSchema,
    body: addCommentBodySchema,
    status: 201,
    response: addCommentResponseSchema,
  }),

  /* catalogue and the create flow's data */
  listBrands: contract({ ...get(apiPaths.brands, listOf(brandSchema)), query: modeQuerySchema }),
  listProducts: contract({ ...get(apiPaths.products, listOf(productSchema)), query: productsQuerySchema }),
  getProduct: contract({ ...get(apiPaths.product, productSchema), params: idParamsSchema }),
  listQuestions: contract({ ...get(apiPaths.questions, listOf(questionSchema)), query: modeQuerySchema }),
  listTemplates: contract({ ...get(apiPaths.templates, listOf(templateSchema)), query: modeQuerySchema }),
  listSpaces: contract({ ...get(apiPaths.spaces, listOf(spaceSchema)), query: modeQuerySchema }),

  /* notifications */
  listNotifications: get(apiPaths.notifications, listOf(notificationSchema)),
  getUnreadCount: get(apiPaths.notificationsUnread, unreadCountResponseSchema),
  markNotificationsRead: contract({
    method: 'POST',
    route: apiPaths.notificationsRead,
    status: 200,
    response: unreadCountResponseSchema,
  }),
  notificationsLive: contract({
    method: 'GET',
    route: apiPaths.notificationsLive,
    query: notificationsLiveQuerySchema,
    stream: true,
    events: { notification: notificationSchema },
    status: 200,
    response: null,
  }),

  /* orders and commission */
  placeOrder: contract({
    method: 'POST',
    route: apiPaths.orders,
    body: placeOrderBodySchema,
    // 200 when the same checkout was placed before (its idempotency key)
    status: 201,
    response: placeOrderResponseSchema,
  }),
  listOrders: get(apiPaths.orders, ordersResponseSchema),
  cancelOrder: contract({
    method: 'POST',
    route: routeOf(apiPaths.orderCancel),
    params: orderIdParamsSchema,
    status: 200,
    response: orderSchema,
  }),
  getEarnings: get(apiPaths.meEarnings, earningsResponseSchema),

  /* search */
  search: contract({ ...get(apiPaths.search, searchResponseSchema), query: searchQuerySchema }),
  searchDesigns: searchListContract('designs'),
  searchProducts: searchListContract('products'),
  searchUsers: searchListContract('users'),

  /* uploads, AI and render jobs */
  uploadImage: contract({
    method: 'POST',
    route: apiPaths.uploads,
    body: z.object({ file: z.file() }),
    form: true,
    status: 201,
    response: uploadResponseSchema,
  }),
  improveDesignNotes: contract({
    method: 'POST',
    route: apiPaths.improveDesignNotes,
    body: improveNotesBodySchema,
    status: 200,
    response: improveNotesResponseSchema,
  }),
  improveCaption: contract({
    method: 'POST',
    route: apiPaths.improveCaption,
    body: improveCaptionBodySchema,
    status: 200,
    response: improveCaptionResponseSchema,
  }),
  recompositeDesign: contract({
    method: 'POST',
    route: apiPaths.recompositeDesign,
    body: recompositeDesignBodySchema,
    status: 200,
    response: recompositeDesignResponseSchema,
  }),
  /** docs/product.md §7's generate-design-image, waited for: its multipart form (the same route takes the JSON body below). */
  generateDesignImage: contract({
    method: 'POST',
    route: apiPaths.generateDesignImage,
    body: generateDesignFormSchema,
    form: true,
    status: 200,
    response: generateDesignResponseSchema,
  }),
  /** docs/product.md §7's generate-design-image as the see-in-space view sends it. */
  generateDesignImageFromPrompt: contract({
    method: 'POST',
    route: apiPaths.generateDesignImage,
    body: generateFromPromptBodySchema,
    status: 200,
    response: generateFromPromptResponseSchema,
  }),
  /** The create flow's render: its form (the same route also takes the see-in-space JSON body below). */
  startRenderJob: contract({
    method: 'POST',
    route: apiPaths.renderJobs,
    body: renderJobFormSchema,
    form: true,
    status: 202,
    response: renderJobSchema,
  }),
  startPromptRenderJob: contract({
    method: 'POST',
    route: apiPaths.renderJobs,
    body: createPromptRenderJobBodySchema,
    status: 202,
    response: renderJobSchema,
  }),
  getRenderJob: contract({ ...get(apiPaths.renderJob, renderJobSchema), params: idParamsSchema }),
  cancelRenderJob: contract({
    method: 'POST',
    route: routeOf(apiPaths.renderJobCancel),
    params: idParamsSchema,
    status: 200,
    response: renderJobSchema,
  }),
  renderJobEvents: contract({
    method: 'GET',
    route: routeOf(apiPaths.renderJobEvents),
    params: idParamsSchema,
    stream: true,
    // the job as it is now, then after each change
    events: { job: renderJobSchema },
    status: 200,
    response: null,
  }),

  /* a design's owner edits or deletes it */
  updateDesign: contract({
    method: 'PATCH',
    route: routeOf(apiPaths.design),
    params: idParamsSchema,
    body: updateDesignBodySchema,
    status: 200,
    response: designSchema,
  }),
  deleteDesign: contract({
    method: 'DELETE',
    route: routeOf(apiPaths.design),
    params: idParamsSchema,
    status: 204,
    response: null,
  }),
} as const;

export const searchListContracts = {
  designs: contracts.searchDesigns,
  products: contracts.searchProducts,
  users: contracts.searchUsers,
} as const;
