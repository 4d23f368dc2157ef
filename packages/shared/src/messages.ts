/** Every user-facing text of docs/product.md §2, §5 and §8, word for word. */
export const messages = {
  productName: 'Dwellscape',
  productNameMark: 'Dwellscape™',
  tagline: 'Transform your space with AI-powered design visualization',

  gate: {
    passwordLabel: 'Beta Access Password',
    passwordPlaceholder: 'Enter password',
    submit: 'Enter App',
    footer: 'Beta Version - Limited Access',
    invalid: 'Invalid password',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
  },

  notFound: { code: '404', title: 'Oops! Page not found', link: 'Return to Home' },
  routerError: 'Unexpected Application Error!',

  feed: {
    loadFailed: 'Failed to load designs. Please refresh the page.',
    dataFailed: 'Failed to load feed data',
    tryAgain: 'Try Again',
    retryAttempt: (n: number, of: number) => `Retry attempt ${n}/${of}`,
    justPublished: 'Just Published',
    shopThisDesign: 'Shop This Design',
    inspiredBy: 'Inspired by',
    endOfFeed: "You've seen all recent posts",
    loadMore: 'Load More',
    noMore: 'No older designs to load',
  },

  productPopup: {
    addToCart: 'Add to Cart',
    buyNow: 'Buy Now',
    shippingNote: 'Free shipping on orders over $50 • 30-day return policy',
    addedTitle: 'Added to Cart!',
    addedBody: (qty: number, name: string) => `${qty}x ${name} added to your cart.`,
    redirecting: 'Redirecting to Purchase',
  },

  /** A design's own items (decision 0023): the creator's photos, listed but never sold. */
  ownItem: {
    badge: 'Own item',
    yours: 'Your item',
    notForSale: 'The creator’s own piece, added from their photo. It is not sold on Dwellscape.',
    notForSaleShort: 'Not sold here',
    /** The purchase views: orders take catalogue products only. */
    notOrdered:
      'Own items are shown with the design but are not part of your order: orders take catalogue products only.',
  },

  comments: {
    missingNameTitle: 'Missing Name',
    missingNameBody: 'Please enter your name.',
    emptyTitle: 'Empty Comment',
    emptyBody: 'Please write a comment before submitting.',
    loadFailedTitle: 'Error',
    loadFailedBody: 'Failed to load comments. Please try again.',
    submitFailed: 'Failed to submit comment. Please try again.',
    unexpected: 'Something went wrong. Please try again.',
    successTitle: 'Success',
    successBody: 'Your comment has been posted!',
    addPlaceholder: 'Add a comment...',
    post: 'Post',
  },

  search: {
    placeholder: 'Search products, designs, users...',
    tabs: ['Designs', 'Products', 'Users'] as const,
    empty: (tab: string, query: string) => `No ${tab.toLowerCase()} found for "${query}"`,
    seeInMySpace: 'See in My Space',
  },

  profile: {
    notFound: 'User not found',
    myDesigns: 'My Designs',
    saved: 'Saved',
    commission: 'Commission Earnings',
    editProfile: 'Edit Profile',
    settings: 'Settings',
    /** docs/product.md's label, with the amount computed from the design's products and the rate (decision 0018), not a fixed $45. */
    earningPotential: (amount: string) => `Earning potential: ${amount}`,
    createFirst: 'Create Your First Design',
    follow: 'Follow',
    message: 'Message',
  },

  create: {
    steps: [
      { slug: 'start', heading: 'What are you designing with today?' },
      { slug: 'flow-questions', heading: 'Define the Vibe' },
      { slug: 'space-selection', heading: 'Choose Your Space' },
      { slug: 'render-result', heading: 'See Your Vision!' },
      { slug: 'post-creation', heading: 'Share Your Creation' },
    ] as const,
    notesBlank: 'Please enter some notes first',
    notesRefined: 'Notes refined successfully!',
    notesFailed: 'Failed to refine notes. Please try again.',
    noSpace: 'No space image found',
    renderServerFailed: (error?: string | null) => `Failed to generate design: ${error || 'Unknown error'}`,
    renderTimeout: 'Design generation took too long. Please try again with a smaller image.',
    renderFailed: 'Failed to generate design. Please try again.',
    /** A render whose input the server refused (400): its own words say what it would not take. */
    renderRefused: (error: string) => `This render was refused: ${error}`,
    renderRefusedHint: 'Rendering it again would be refused too. Choose other products or another photo.',
    renderSuccess: 'Your design has been generated!',
    /**
     * A render that placed none of the products chosen (every one found no room in the photo): said instead of
     * renderSuccess, which the person would read as the products being in their picture.
     */
    renderNothingPlaced: (chosen: number) =>
      chosen === 1
        ? 'Your product could not be placed in this photo'
        : `None of your ${chosen} products could be placed in this photo`,
    /** Under renderSuccess when some products were left out (the receipt says why): '3 of 5 products placed'. */
    renderSomePlaced: (placed: number, chosen: number) => `${placed} of ${chosen} products placed`,
    /** The other ways forward when the render placed none of the products, beside placing them by hand. */
    renderOtherWaysForward: 'You can also erase something to make room, or try another photo.',
    renderJobsAtOnce: (limit: number) =>
      `You already have ${limit} ${limit === 1 ? 'design' : 'designs'} rendering. Please wait for one to finish.`,
    renderJobsPerHour: (limit: number) => `You have started ${limit} renders in the last hour. Please try again later.`,
    renderJobsAtOnceFromAddress:
      'Many designs are rendering from your network right now. Please wait for one to finish, or sign in.',
    renderJobsPerHourFromAddress:
      'Many renders were started from your network in the last hour. Please try again later, or sign in.',
    renderCancelled: 'Render cancelled',
    createVideo: 'Create Video',
    creatingVideo: 'Creating Video...',
    captionImprovedTitle: 'Description Improved!',
    captionImprovedBody: 'Your description has been enhanced with AI magic.',
    captionFailed: 'Error: Failed to improve description. Please try again.',
    missingDescription: 'Missing Description: Please write a description first before improving it.',
    missingInformation: 'Missing Information: Please add a title and wait for the design to be generated.',
    /** Under the title field when Publish found it blank (the toast above says the rest). */
    titleRequired: 'Add a title to publish your design.',
    publishSuccess: 'Success! Your design has been published to the community feed.',
    publishFailed: 'Failed to publish your design. Please try again.',
    publishUnexpected: 'Something went wrong. Please try again.',
  },

  shop: {
    notFound: 'Design not found',
    purchaseProducts: 'Purchase Products from This Design',
    seeInSpace: 'See These Products in My Space',
    remove: 'Remove',
    checkout: 'Proceed to Checkout',
    addOwn: 'Add Your Own Products',
    uploadNote: 'JPG, PNG up to 10MB each',
    continueToSpace: 'Continue to Space Selection',
    renderNew: 'Render New Design',
    publish: 'Publish to Community',
  },

  post: { notFound: 'Post not found' },
  activity: { caughtUp: 'All caught up!' },
  purchase: {
    complete: 'Complete Purchase',
    continueShopping: 'Continue Shopping',
    back: 'Back',
    paymentsDisabled:
      'Payments are not enabled in the Dwellscape beta. A real payment processor would be needed to complete this purchase.',
  },

  upload: {
    tooLarge: 'File is too large. The limit is 10MB per file.',
    unsupportedType: 'Unsupported file type. Please upload a JPG, PNG or WebP image.',
    tooManyPixels: 'Image is too large. The limit is 50 megapixels.',
    unreadable: 'The image could not be read. Please try another file.',
    missingFile: "No file was sent. Attach an image in the 'file' field.",
  },
} as const;
