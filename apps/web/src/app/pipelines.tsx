import { GettingStarted } from '../features/getting-started/getting-started';
import PipelinesPage from '../features/pipelines/pipelines-page';

/** Pipelines, the organization user's landing page, with a new organization's getting started checklist. */
export default function Pipelines() {
  return <PipelinesPage gettingStarted={(organizationId) => <GettingStarted organizationId={organizationId} />} />;
}
