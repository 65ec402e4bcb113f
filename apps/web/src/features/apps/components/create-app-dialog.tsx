import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useCreateApp } from '../api/mutate-app';
import { AppForm } from './app-form';

const EMPTY_APP = { name: '', description: '' };

/** 'Create app': a dialog with the app's fields; the new app's page opens once it exists. */
export function CreateAppDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const create = useCreateApp((app) => {
    setOpen(false);
    void navigate(`/settings/apps/${encodeURIComponent(app.recordId)}`);
  });
  return (
    <>
      <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setOpen(true)}>
        Create app
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Create app"
        description="An app has its own NGN and USD wallets, products, payment links, API key and webhook."
      >
        <AppForm
          label="Create app"
          values={EMPTY_APP}
          onSubmit={(input, onError) => create.mutate(input, { onError })}
          actions={() => (
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" pending={create.isPending}>
                Create app
              </Button>
            </>
          )}
        />
      </Modal>
    </>
  );
}
