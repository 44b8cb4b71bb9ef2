import {
  roles,
  roleSchema,
  userListQuerySchema,
  type User,
  type userSortFields,
} from '@backoffice/contracts';
import { Anchor, Badge, Button, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useLanguage } from '../../../lib/use-language';
import { useUsers } from '../api/list-users';
import { AccessReviewButton } from '../components/access-review-button';
import { userRecordColumns } from '../components/user-record-columns';

type UserSortField = (typeof userSortFields)[number];

/** The role filter's value for "no filter" (not a role, so it never reaches the URL). */
const ALL_ROLES = 'all';

export function UsersListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [query, setQuery] = useListParams(userListQuerySchema);
  const { data, error, isPending, refetch } = useUsers(query);

  const columns: Column<User, UserSortField>[] = [
    {
      key: 'username',
      header: t('users.fields.username'),
      sortField: 'username',
      render: (row) => (
        <Anchor component={Link} to={paths.users.detail(row.id)} onClick={(e) => e.stopPropagation()}>
          {row.username}
        </Anchor>
      ),
    },
    {
      key: 'name',
      header: t('users.fields.name'),
      sortField: 'lastName',
      render: (row) => [row.firstName, row.lastName].filter(Boolean).join(' '),
    },
    { key: 'email', header: t('users.fields.email'), sortField: 'email', render: (row) => row.email },
    {
      key: 'role',
      header: t('users.fields.role'),
      sortField: 'role',
      render: (row) => t(`app.roles.${row.role}`),
    },
    {
      key: 'active',
      header: t('users.fields.active'),
      render: (row) => (
        <Badge color={row.active ? 'green' : 'gray'} variant="light">
          {row.active ? t('users.status.active') : t('users.status.inactive')}
        </Badge>
      ),
    },
    ...userRecordColumns(t, language),
    {
      key: 'updatedAt',
      header: t('common.updatedAt'),
      sortField: 'updatedAt',
      render: (row) => formatDateTime(row.updatedAt, language),
    },
  ];

  return (
    <>
      <PageHeader
        actions={
          <>
            <AccessReviewButton />
            <Button component={Link} to={paths.users.create}>
              {t('common.create')}
            </Button>
          </>
        }
      />
      <Group mb="md" align="flex-end">
        <SearchInput
          label={t('common.search')}
          placeholder={t('users.searchPlaceholder')}
          value={query.q}
          onSearch={(q) => setQuery({ q })}
        />
        <Select
          aria-label={t('users.fields.role')}
          // "All roles" is an option of its own, so the filter can be lifted by keyboard and screen reader too.
          data={[
            { value: ALL_ROLES, label: t('users.allRoles') },
            ...roles.map((role) => ({ value: role, label: t(`app.roles.${role}`) })),
          ]}
          value={query.role ?? ALL_ROLES}
          onChange={(value) => setQuery({ role: roleSchema.safeParse(value).data })}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      <DataTable
        columns={columns}
        rows={data?.items}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        query={query}
        onQueryChange={setQuery}
        rowKey={(row) => row.id}
        onRowClick={(row) => navigate(paths.users.detail(row.id))}
        loading={isPending}
      />
    </>
  );
}
