// Every user-facing text of the spec's error catalogues (§8) and the fixed labels the tests look for.
// Server error bodies and client alerts both read from here.

export const MSG = {
  // Generic / API
  requestFailed: 'Request failed',
  unexpectedResponse: 'Unexpected response',
  proxyError: (host: string) => `API not reachable. Is the server running on ${host}?`,
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  validationFailed: 'Validation failed',
  internalError: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',

  // Auth
  authRequired: 'Authentication required',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to do that',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  vendorEmailTaken: 'A vendor account with this email already exists',
  invalidAccessCode: 'Invalid access code',
  userNotAuthenticated: 'User not authenticated',

  // Chat / assistant
  chatFailure:
    "I apologize, but I'm having trouble processing your request. You can browse products on the left or try asking again.",
  productNotFoundInChat: "I couldn't find that product. Please mention the exact product name.",
  addedToCart: (qty: number, name: string) => `Added **${qty} × ${name}** to your cart.`,
  contextCleared: 'Context cleared. Ask me about any product!',
  imageNoMatches: 'I could not find close matches for that image. Try another angle or a clearer photo.',
  imageMatches: (n: number) => `I found ${n} similar product(s) based on your image.`,
  homeAddedToCart: (n: number) => `Added ${n} item(s) to cart!`,

  // Storefront
  emptyProducts: 'No products found. Try searching for something!',
  cartEmpty: 'Your cart is empty.',
  noDescription: 'No description available.',
  defaultCategory: 'General',
  unitsAvailable: (n: number) => `${n} units available`,

  // Checkout / orders
  checkoutRequired: 'Please provide name, email, and address.',
  orderPlaced: (number: string) => `Order placed! Order #${number}`,
  orderFailed: 'Failed to place order',
  emptyCart: 'Your cart is empty',
  outOfStock: (name: string, available: number) =>
    available > 0 ? `Only ${available} left of ${name}` : `${name} is out of stock`,
  productUnavailable: (id: string | number) => `Product ${id} is not available`,
  idempotencyConflict: 'This Idempotency-Key was already used for a different order',
  productNotFound: 'Product not found',
  orderNotFound: 'Order not found',

  // Profile
  profileLoadFailed: 'Failed to load profile',
  profileSaveFailed: 'Failed to save',
  invalidDob: 'Enter a real date of birth',
  noOrdersYet: 'No orders yet',

  // Notifications
  pushUnsupported: 'Push notifications are not supported in your browser.',
  notificationsEnabled: 'Notifications enabled',
  notificationsDisabled: 'Notifications disabled',
  notificationsEnabledOk: 'Notifications enabled successfully!',
  notificationPermissionDenied: 'Notification permission denied',
  notificationsEnableFailed: 'Failed to enable notifications',
  notificationsDisabledOk: 'Notifications disabled successfully!',
  preferencesUpdateFailed: 'Failed to update preferences',
  orderUpdatesDisabled: 'Notifications not enabled or order updates disabled',
  sendNotificationFailed: 'Failed to send notification',
  fillTitleAndBody: 'Please fill in title and body',

  // Recommendations
  recommendationsFailed: 'Failed to fetch recommendations',
  noRecommendations: 'No recommendations available',
  recommendationsUnavailable: 'Unable to load recommendations',
  productsFetchFailed: 'Failed to fetch products',
  errorLoadingProducts: (message: string) => `Error loading products: ${message}`,

  // Locker
  lockerAlreadyLocked: 'Product is already locked',
  lockerFull: 'You can only lock 2 products at a time. Unlock one first.',
  lockerLoadFailed: 'Failed to load locked products',
  lockerClearConfirm: 'Are you sure you want to unlock all products?',
  lockerOutsideProvider: 'useProductLocker must be used within a ProductLockerProvider',

  // Support
  supportSendFailed: 'Failed to send message. Please try again.',
  supportCreateFailed: 'Failed to create support ticket. Please try again.',
  supportFetchFailed: 'Failed to fetch conversations',
  supportUpdateFailed: 'Failed to update conversation. Please try again.',
  supportNoTickets: 'No support tickets yet',
  supportNoTicketsHint: 'Click "New Support Ticket" to get help',
  supportEmptyThread: 'No messages yet. Start the conversation!',
  supportMarked: (status: string) => `Conversation marked as ${status}`,

  // Image search
  imageTooLarge: 'Image size should be less than 5MB',
  imageInvalid: 'Please select a valid image file',
  imageRequired: 'Please select an image first',
  imageSearchFailed: 'Failed to perform image search. Please try again.',
  imageCorrupt: 'The image could not be read. It may be damaged.',

  // Vendor
  vendorRequiredProductFields: 'Please fill in required fields: Product Title, Brand, Category, SKU',
  vendorProductCreateFailed: 'Failed to create product. Please check your inputs and try again.',
  analyticsLoadFailed: 'Failed to load analytics',
  vendorDataLoadFailed: 'Failed to load vendor data',
  onboardingFailed: 'Failed to complete onboarding',
  onboardingSuccess: 'Vendor onboarding completed successfully!',
  onboardingIncomplete: 'Please fill in all required fields before proceeding',
  fileTooLarge: 'File size must be less than 10MB',
  invalidFileType: 'File type is not allowed',
  embedCreateFailed: 'Failed to create product',
  embedSaveFailed: 'Product created, but failed to save embed',
  embedSaveFailedWith: (err: string) => `Product created, but embed save failed: ${err}`,
  embedSuccess: 'Product created and embed saved!',
  importSuccess: 'Product imported successfully!',
  importFailed: (inner: string) => `Failed to import product: ${inner}`,
  productValidationFailed: (list: string) => `Product validation failed: ${list}`,
  validationFailedList: (list: string) => `Validation failed: ${list}`,
  clipboardFailed: 'Failed to copy to clipboard',
  priceGreaterThanZero: 'Price must be a number greater than 0',
  namePriceRequired: 'Name and price are required',
  noProductsYet: 'No products yet',
  settingsComingSoon: 'Account and marketplace settings coming soon...',
  noOrdersFound: 'No Orders Found',
  noOrdersPlacedYet: 'No orders have been placed yet. Orders will appear here once customers start shopping.',
  noOrdersMatch: 'No orders match your current search criteria. Try adjusting your filters.',
  vendorNotVerified: 'Your vendor account must be verified before you can do this',

  // Admin
  loadUsersFailed: 'Failed to load users',
  loadVendorsFailed: 'Failed to load vendors',
  loadOrdersFailed: 'Failed to load orders',
  loadProductsFailed: 'Failed to load products',
  loadSalesFailed: 'Failed to load sales analytics',
  orderStatusUpdated: 'Order status updated successfully!',
  vendorAssigned: 'Vendor assigned successfully!',
  productUpdated: 'Product updated successfully!',
  productDeleted: 'Product deleted successfully!',
  updateOrderStatusFailed: (m: string) => `Failed to update order status: ${m}`,
  assignVendorFailed: (m: string) => `Failed to assign vendor: ${m}`,
  updateProductFailed: (m: string) => `Failed to update product: ${m}`,
  deleteProductFailed: (m: string) => `Failed to delete product: ${m}`,
  notificationSent: (m: string) => `Notification sent successfully! ${m}`,
  sendNotificationFailedWith: (e: string) => `Failed to send notification: ${e}`,
  errorSendingNotification: (m: string) => `Error sending notification: ${m}`,
  noProductSelected: 'No product selected',
  noOrderSelected: 'No order selected',
  deleteProductConfirm: 'Are you sure you want to delete this product? This action cannot be undone.',
  pmLoadFailed: 'Failed to load products. Please try again.',
  pmNetworkError: 'Network error. Please check your connection.',
  pmCreateFailed: 'Failed to create product',
  pmUpdateFailed: 'Failed to update product',
  pmDeleteFailed: 'Failed to delete product',
  pmEmbedLimited: 'Product created successfully! Embed functionality may be limited.',
  pmNamePriceRequired: 'Product name and price are required',
  pmPricePositive: 'Price must be a positive number',
  pmCreatedEmbedded: 'Product created and embedded successfully! Ready for external use.',
  embedCopied: 'Embed code copied to clipboard!',
  pmDeleteConfirm: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
  verificationUpdateFailed: 'Failed to update verification status',
  noVendorsFound: 'No vendors found',
  noUsersFound: 'No users found',
  noData: 'No data',

  // Landing / account shell
  videoDemoComingSoon: 'Video demo coming soon!',
  loadingUsers: 'Loading users...',
  // Storefront chat (web): greeting, dropped product, quick questions of the product detail modal
  chatGreeting: "Hi! I'm your AI shopping assistant. Ask me about any product, or pick one and say “add two to my cart”.",
  chatSuggestions: ['Show me wireless headphones', 'Gift ideas under 200', 'Which laptop is best for travel?'],
  chatAboutProduct: (name: string) => `Tell me about ${name}`,
  quickTellMore: (name: string) => `Tell me more about ${name}`,
  quickWorthPrice: (name: string) => `Is ${name} worth the price?`,
  quickSimilar: (name: string) => `Show me products similar to ${name}`,
  quickHowToPurchase: (name: string) => `How do I purchase ${name}?`,
  liveUpdatesOff: 'Live order updates are off. Reload the page to see the latest status.',
  profileSaved: 'Profile saved',
  notificationsDisableFailed: 'Failed to disable notifications',
  notificationsBlocked: 'Notifications are blocked. Allow them in your browser settings to turn them on.',
  testNotificationSent: 'Test notification sent!',
  testNotificationTitle: 'Souq test notification',
  testNotificationBody: 'Notifications are working. We will keep you posted on your orders.',
  // Search and the admin live chat monitor
  searchQueryRequired: 'Search query is required',
  chatSessionNotFound: 'Chat session not found',
  chatAssignNotAdmin: 'Chats can only be assigned to an admin',
  chatAdminResponding: 'Admin responding',
  // Storefront fixes (customer area): profile, order confirmation mail, personalisation events
  dobInFuture: 'Date of birth cannot be in the future',
  orderConfirmationSent: (email: string) => `A confirmation is on its way to ${email}.`,
  orderKeepNumber: 'Keep this order number for your records.',
  purchaseEventsFromOrders: 'Purchases are recorded from placed orders',

  // Shopping assistant: orders, shop rules, a person taking over (assistant area)
  assistantOrdersSignIn: 'Please sign in to your account and ask me again: I can only look up the orders of the person signed in.',
  assistantNoOrders: "You haven't placed any orders yet. When you do, ask me here and I'll tell you where they are.",
  assistantOrderUnknown: (orderNumber: string) =>
    `I couldn't find an order ${orderNumber} on your account. Please check the number in your order confirmation (it looks like SQ-250310-7KX4M), or ask me "where are my orders?" to see your latest ones.`,
  assistantHumanHandling: 'A member of our team is answering this chat now. They will reply here shortly.',
} as const;
