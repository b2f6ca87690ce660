import { useMemo, useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromRoleEntries, tokenScopeChoices } from '@sabai/domain';
import type { Action, PermissionMatrix, Resource, Scope } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { PermissionTable } from '../../../components/permission-table';
import { DISPLAY_DATE } from '../../../lib/format';
import { usePermissions } from '../../../lib/me';
import { grantCount, withScope, type CellKey } from '../../../lib/permission-matrix';
import { useCreateApiToken, type CreatedApiToken } from '../api/api-tokens';
import {
  DEFAULT_EXPIRY,
  expiresAtOf,
  grantableResources,
  tokenSaveFeedback,
  type ExpiryChoice,
} from '../utils/token-form';

const NAME_MAX = 100;

type FormValues = { name: string; expiry: ExpiryChoice; expiryDay?: Dayjs };

type CreateTokenModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
};

/**
 * A new token: its name, when it expires and what it may do, picked in the roles' permission matrix among
 * the scopes the admin's own role has (the server checks again).
 */
export function CreateTokenModal({ open, onClose, onCreated }: CreateTokenModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const expiry = Form.useWatch('expiry', form);
  const createMutation = useCreateApiToken();
  const entries = usePermissions();
  const creator = useMemo(() => fromRoleEntries(entries), [entries]);
  const resources = useMemo(() => grantableResources(creator), [creator]);
  const [permissions, setPermissions] = useState<PermissionMatrix>({});
  const [problem, setProblem] = useState<{ message: TranslationKey; cells: CellKey[] } | null>(null);

  const expiryOptions: { value: ExpiryChoice; label: string }[] = [
    { value: '30', label: t('apiTokens.form.expiryDays', { count: 30 }) },
    { value: '90', label: t('apiTokens.form.expiryDays', { count: 90 }) },
    { value: '365', label: t('apiTokens.form.expiryYear') },
    { value: 'never', label: t('apiTokens.form.expiryNever') },
    { value: 'custom', label: t('apiTokens.form.expiryCustom') },
  ];

  function change(resource: Resource, action: Action, scope: Scope | null) {
    setPermissions((current) => withScope(current, resource, action, scope));
    setProblem(null);
  }

  async function handleFinish(values: FormValues) {
    if (grantCount(permissions) === 0) {
      setProblem({ message: 'apiTokens.form.permissionsRequired', cells: [] });
      return;
    }
    setProblem(null);
    try {
      const created = await createMutation.mutateAsync({
        name: values.name.trim(),
        permissions: permissions as Record<string, Record<string, string>>,
        expiresAt: expiresAtOf(values.expiry, values.expiryDay?.format('YYYY-MM-DD') ?? null, new Date()),
      });
      setPermissions({});
      onCreated(created);
    } catch (error) {
      setProblem(tokenSaveFeedback(error));
    }
  }

  return (
    <Modal
      open={open}
      title={t('apiTokens.form.title')}
      okText={t('apiTokens.form.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={createMutation.isPending}
      width={1080}
      destroyOnHidden
      rootClassName="api-token-modal"
      afterClose={() => {
        setPermissions({});
        setProblem(null);
      }}
    >
      <Form<FormValues>
        form={form}
        name="api-token"
        layout="vertical"
        initialValues={{ name: '', expiry: DEFAULT_EXPIRY }}
        onFinish={(values) => void handleFinish(values)}
        preserve={false}
        data-testid="api-token-form"
      >
        <div className="api-token-form__expiry">
          <Form.Item
            name="name"
            label={t('apiTokens.form.name')}
            rules={[{ required: true, whitespace: true, message: t('apiTokens.form.nameRequired') }]}
          >
            <Input
              maxLength={NAME_MAX}
              placeholder={t('apiTokens.form.namePlaceholder')}
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item name="expiry" label={t('apiTokens.form.expiry')}>
            <Select<ExpiryChoice> options={expiryOptions} data-testid="api-token-expiry" />
          </Form.Item>
          {expiry === 'custom' && (
            <Form.Item
              name="expiryDay"
              label={t('apiTokens.form.expiryDate')}
              rules={[{ required: true, message: t('apiTokens.form.expiryDateRequired') }]}
            >
              <DatePicker
                format={DISPLAY_DATE}
                needConfirm={false}
                disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
              />
            </Form.Item>
          )}
        </div>
        <Typography.Title level={5}>{t('apiTokens.form.permissions')}</Typography.Title>
        <Typography.Paragraph type="secondary" className="api-token-form__hint">
          {t('apiTokens.form.permissionsHint')}
        </Typography.Paragraph>
        {problem && (
          <Alert
            type="error"
            showIcon
            title={t(problem.message)}
            className="settings-form__alert"
            data-testid="api-token-alert"
          />
        )}
        <PermissionTable
          matrix={permissions}
          isEditable
          choicesOf={(resource, action) => tokenScopeChoices(resource, action, creator)}
          onChange={change}
          refused={new Set(problem?.cells ?? [])}
          resources={resources}
          testId="api-token-permissions"
        />
      </Form>
    </Modal>
  );
}
