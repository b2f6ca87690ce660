import { ApartmentOutlined } from '@ant-design/icons';
import { Button, Dropdown, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useOrganizations } from '../api/get-organizations';
import { useSwitchOrganization } from '../api/switch-organization';

type OrganizationSwitcherProps = {
  currentId: string | undefined;
  currentName: string | undefined;
  isCompact?: boolean;
};

/** Lists the organisations and switches the current one; the page reloads in the new organisation (spec §6). */
export function OrganizationSwitcher({
  currentId,
  currentName,
  isCompact = false,
}: OrganizationSwitcherProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const organizations = useOrganizations(true);
  const switchMutation = useSwitchOrganization();
  useRetrievalNotice(organizations.isError, 'organizations');

  async function handleSwitch(organizationId: string) {
    if (organizationId === currentId) return;
    try {
      await switchMutation.mutateAsync(organizationId);
      window.location.reload();
    } catch (error) {
      notice.error(error, 'header.switchFailed');
    }
  }

  const options = (organizations.data ?? []).map(({ id, name }) => ({ value: id, label: name }));
  if (currentId && currentName && !options.some(({ value }) => value === currentId)) {
    options.unshift({ value: currentId, label: currentName });
  }

  if (isCompact) {
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: currentId ? [currentId] : [],
          items: options.map(({ value, label }) => ({ key: value, label })),
          onClick: ({ key }) => void handleSwitch(key),
        }}
      >
        <Button
          type="text"
          icon={<ApartmentOutlined />}
          aria-label={t('header.switchOrganization')}
          title={currentName}
          loading={switchMutation.isPending}
          data-testid="organization-switcher"
        />
      </Dropdown>
    );
  }

  return (
    <Select
      className="organization-switcher"
      aria-label={t('header.switchOrganization')}
      prefix={<ApartmentOutlined />}
      value={currentId}
      options={options}
      loading={organizations.isLoading || switchMutation.isPending}
      disabled={switchMutation.isPending}
      onChange={(value: string) => void handleSwitch(value)}
      placeholder={t('header.organization')}
      popupMatchSelectWidth={false}
      data-testid="organization-switcher"
    />
  );
}
