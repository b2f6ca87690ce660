import { ApartmentOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { headerPopupContainer } from '../../../lib/header-popup';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useOrganizations } from '../api/get-organizations';
import { useSwitchOrganization } from '../api/switch-organization';

type OrganizationSwitcherProps = {
  currentId: string | undefined;
  currentName: string | undefined;
  isCompact?: boolean;
};

/** Lists the organisations and switches the current one; the page reloads in the new organisation. */
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

  // A dropdown menu on both layouts (antd Select would add ~20 KB gzip to the signed-in shell).
  return (
    <Dropdown
      trigger={['click']}
      getPopupContainer={headerPopupContainer}
      menu={{
        selectable: true,
        selectedKeys: currentId ? [currentId] : [],
        items: options.map(({ value, label }) => ({ key: value, label })),
        onClick: ({ key }) => void handleSwitch(key),
      }}
    >
      <Button
        type={isCompact ? 'text' : 'default'}
        className={isCompact ? undefined : 'organization-switcher'}
        icon={<ApartmentOutlined />}
        // On a phone the button is its icon alone, named by the label; on a desktop it shows the organisation,
        // and a label would have to repeat that (WCAG 2.5.3): hidden text says what the button does instead.
        aria-label={isCompact ? t('header.switchOrganization') : undefined}
        title={currentName}
        loading={organizations.isLoading || switchMutation.isPending}
        data-testid="organization-switcher"
      >
        {isCompact ? null : (
          <>
            <span className="visually-hidden">{t('header.switchOrganization')}: </span>
            {currentName ?? t('header.organization')} <DownOutlined />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
