import { createAuthProvider, grantedPermissions } from './authProvider';
import { startDashboard } from './customRoutes/dashboard/startDashboard';
import { config } from './config';
import { createDataProvider } from './dataProviders/createDataProvider';
import { queryClient } from './queryClient';
import { resourceLookup } from './resources/registry';

/** The panel's providers, wired to the registry, the query cache and the configured services. */
export const authProvider = createAuthProvider({
  clearCachedData: () => queryClient.clear(),
  backendResourceName: (resource) => resourceLookup.find(resource)?.name,
  onSignedIn: () => startDashboard(queryClient, dataProvider, grantedPermissions()),
});

export const dataProvider = createDataProvider(resourceLookup, { user: config.userApiUrl, trip: config.tripApiUrl });
