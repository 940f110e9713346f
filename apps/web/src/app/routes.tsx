import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from './RouteError';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { paths } from './paths';
import { RootLayout } from './RootLayout';
import { loadArea } from '@/lib/i18n';

// The route table, shared by the browser's router (router.tsx) and the server's first-view render (entry-server.tsx).

type PageModule = { default: React.ComponentType };
/** Route-level code splitting: each area's pages load only when visited (vendor and admin never on the storefront). */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** An admin page: its code and the admin area's texts in the page's language, loaded together (decision 0104). */
const adminPage = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> =>
  page(() => Promise.all([load(), loadArea('admin')]).then(([module]) => module));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      // customer storefront
      { path: paths.home, ...page(() => import('@/features/landing/HomeRoute')) },
      { path: paths.assistant, ...page(() => import('@/features/storefront/AssistantPage')) },
      { path: paths.login, ...page(() => import('@/features/account/AuthPage')) },
      { path: paths.signup, ...page(() => import('@/features/account/AuthPage')) },
      { path: paths.onboarding, ...page(() => import('@/features/account/OnboardingPage')) },
      { path: paths.profile, ...page(() => import('@/features/account/ProfilePage')) },
      { path: paths.connect, ...page(() => import('@/features/connect/ConnectPage')) },
      { path: paths.checkout, ...page(() => import('@/features/checkout/CheckoutPage')) },
      { path: paths.sidePanel, ...page(() => import('@/features/assistant/SidePanelPage')) },
      // vendor area
      { path: paths.vendor, ...page(() => import('@/features/vendor/VendorRoot')) },
      { path: paths.vendorOnboarding, ...page(() => import('@/features/vendor/VendorOnboardingPage')) },
      { path: paths.vendorProfile, ...page(() => import('@/features/vendor/VendorProfilePage')) },
      { path: paths.vendorAuth, ...page(() => import('@/features/vendor/VendorAuthPage')) },
      { path: paths.vendorLogin, ...page(() => import('@/features/vendor/VendorAuthPage')) },
      { path: paths.vendorSignup, ...page(() => import('@/features/vendor/VendorAuthPage')) },
      // admin area
      { path: paths.adminAccess, ...adminPage(() => import('@/features/admin/AdminAccessPage')) },
      { path: paths.admin, ...adminPage(() => import('@/features/admin/AdminDashboardPage')) },
      { path: paths.adminVendors, ...adminPage(() => import('@/features/admin/AdminDashboardPage')) },
      { path: paths.adminSupport, ...adminPage(() => import('@/features/admin/AdminSupportPage')) },
      { path: paths.adminPersonalizeTest, ...adminPage(() => import('@/features/admin/PersonalizeTestPage')) },
      { path: paths.productManager, ...adminPage(() => import('@/features/product-manager/ProductManagerPage')) },
      { path: paths.aiOptimization, ...page(() => import('@/features/optimisation/AiOptimizationPage')) },
      // demos
      { path: paths.rubiksCube, ...page(() => import('@/features/demos/RubiksCubePage')) },
      { path: paths.shelvesDemo, ...page(() => import('@/features/demos/ProductShelvesDemoPage')) },
      // any other path goes home (spec route table)
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];
