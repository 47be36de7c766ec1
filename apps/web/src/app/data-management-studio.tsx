import DataManagementPage from '../features/data-management/data-management-page';
import { ImportFlatFileButton } from '../features/uploads/components/import-flat-file-modal';

/** The Studio with the actions of other features in its toolbar: Import Flat File (issue 10). */
export default function DataManagementStudio() {
  return (
    <DataManagementPage
      toolbarActions={({ organizationId, showNewTable }) => (
        <ImportFlatFileButton organizationId={organizationId} onImported={showNewTable} />
      )}
    />
  );
}
