import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { useSupplier } from '../../api/use-suppliers';
import { PageHeader } from '../../ui/page-header';
import { ErrorAlert } from '../../ui/query-state';
import { SupplierForm } from './supplier-form';

/** /suppliers/{id} ('new' for a new supplier): the supplier's name. */
export function SupplierPage() {
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const supplier = useSupplier(id, !isNew);
  const title = isNew
    ? 'New supplier'
    : supplier.data
      ? `${supplier.data.name} ${supplier.data.surname}`.trim()
      : 'Supplier';

  let body;
  if (isNew) body = <SupplierForm key="new" supplier={null} />;
  else if (supplier.isLoading)
    body = (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  else if (supplier.error) body = <ErrorAlert title="Supplier Not loaded" error={supplier.error} />;
  else if (supplier.data) body = <SupplierForm key={id} supplier={supplier.data} />;
  else body = null;

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Suppliers', to: '/suppliers' },
          { label: title },
        ]}
      />
      {body}
    </>
  );
}
