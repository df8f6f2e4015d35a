/**
 * What the panel's views get from the shell (App.tsx): its own module, so a view names
 * these types without importing the shell that imports every view.
 */
import type { AdminSession as Session } from '../../worker/admin-shared/admin-api.ts';

/** Who is logged in: the admin API's answer, declared once in worker/admin-shared/admin-api.ts. */
export type { Session };

/** What a view gets: how to report that the API failed or the session ended. */
export interface ViewProps {
  onFailure: (error: unknown) => void;
}

/** Views that need to know who is logged in (role, own account). */
export interface SessionViewProps extends ViewProps {
  session: Session;
}
