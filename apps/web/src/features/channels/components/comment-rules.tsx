import { useState } from 'react';
import { Button, Empty, Form, Input, Switch } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRIVATE_REPLY_WINDOW_DAYS } from '@sabai/contracts';
import type { Channel, CommentRule } from '@sabai/contracts';
import { isAllowed } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { RetryNotice } from '../../../components/retry-notice';
import { TabSaveFooter } from './tab-save-footer';
import { ApiError } from '../../../lib/api-client';
import { errorKey } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/me';
import { useNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useCommentRules, useSaveCommentRules } from '../api/comment-rules';
import {
  RULE_LIMITS,
  hasChanges,
  newRule,
  ruleFieldOfPath,
  toRulesValues,
  toSaveRequest,
} from '../utils/comment-rules';
import type { CommentRulesValues, RuleField, RuleRow } from '../utils/comment-rules';
import { CannedSelect } from './canned-select';
import { KeywordTags } from './keyword-tags';
import '../comment-rules.css';
import { TabLoading } from './tab-loading';

/**
 * A Facebook or Instagram channel's comment rules: a comment holding a rule's keyword gets
 * the rule's shared canned response as a private reply, and its public reply under the comment, once per
 * commenter and post. Saved apart from the channel's other settings (PUT /channels/:id/comment-rules).
 */
export function CommentRules({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const rulesQuery = useCommentRules(channel.id);

  return (
    <section className="comment-rules" data-testid="comment-rules" aria-labelledby="comment-rules-title">
      <h3 id="comment-rules-title" className="channel-form__section-title">
        {t('channels.commentRules.title')}
      </h3>
      <ul className="comment-rules__about">
        <li>
          {channel.type === 'instagram'
            ? t('channels.commentRules.aboutInstagram')
            : t('channels.commentRules.aboutFacebook')}
        </li>
        <li>{t('channels.commentRules.aboutMatching')}</li>
        <li>{t('channels.commentRules.aboutOnce', { days: PRIVATE_REPLY_WINDOW_DAYS })}</li>
      </ul>
      {rulesQuery.data ? (
        <RulesForm channelId={channel.id} saved={rulesQuery.data} />
      ) : rulesQuery.isError ? (
        <RetryNotice onRetry={() => void rulesQuery.refetch()} />
      ) : (
        <TabLoading testId="comment-rules-loading" />
      )}
    </section>
  );
}

/** The list of rules as a form of its own, with its own Save. */
function RulesForm({ channelId, saved }: { channelId: string; saved: CommentRule[] }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CommentRulesValues>();
  const [confirm, confirmHolder] = useConfirm();
  const saveMutation = useSaveCommentRules();
  const canUpdate = isAllowed(usePermissions(), 'channel', 'update', ['all']);
  const [initialValues] = useState(() => toRulesValues(saved));
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const rows = Form.useWatch('rules', form) as RuleRow[] | undefined;
  const isDirty = hasChanges(rows, saved);

  async function handleFinish() {
    const values = form.getFieldsValue(true) as CommentRulesValues;
    setFormMessage(null);
    try {
      const rules = await saveMutation.mutateAsync({ channelId, body: toSaveRequest(values) });
      // The server's list: keywords trimmed, repeats dropped.
      form.setFieldsValue(toRulesValues(rules));
      notice.success('channels.commentRules.saved');
    } catch (error) {
      showFeedback(error);
    }
  }

  function showFeedback(error: unknown) {
    if (error instanceof ApiError && error.code === 'validation.failed' && Array.isArray(error.details)) {
      const fields = (error.details as Array<{ path?: unknown }>).flatMap((detail) => {
        const found = typeof detail?.path === 'string' ? ruleFieldOfPath(detail.path) : null;
        if (!found) return [];
        const [index, field] = found;
        return [
          {
            name: ['rules', index, field] as ['rules', number, RuleField],
            errors: [t('channels.form.invalidField')],
          },
        ];
      });
      form.setFields(fields);
    }
    // A response that stopped being shared (or was deleted) since the options were read: read them again.
    if (error instanceof ApiError && error.code === 'canned.not_found')
      void queryClient.invalidateQueries({ queryKey: ['canned-responses', 'shared'] });
    setFormMessage(errorKey(error, 'common.error.update'));
  }

  return (
    <Form<CommentRulesValues>
      form={form}
      name="comment_rules"
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={() => void handleFinish()}
      onValuesChange={() => setFormMessage(null)}
      scrollToFirstError={{ block: 'center' }}
      disabled={!canUpdate}
      className="comment-rules__form"
      data-testid="comment-rules-form"
    >
      {confirmHolder}
      <Form.List name="rules">
        {(fields, { add, remove, move }) => (
          <>
            {fields.length === 0 && (
              <Empty
                className="comment-rules__empty"
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('channels.commentRules.empty')}
                data-testid="comment-rules-empty"
              />
            )}
            <ol className="comment-rules__list">
              {fields.map(({ key, name }, index) => {
                const number = index + 1;
                const isActive = (rows?.[index]?.isActive ?? true) !== false;
                return (
                  <li
                    key={key}
                    className={`comment-rule${isActive ? '' : ' comment-rule--inactive'}`}
                    aria-label={t('channels.commentRules.ruleTitle', { number })}
                    data-testid="comment-rule"
                  >
                    <div className="comment-rule__head">
                      <span className="comment-rule__title">
                        {t('channels.commentRules.ruleTitle', { number })}
                      </span>
                      <label className="comment-rule__active">
                        <Form.Item name={[name, 'isActive']} valuePropName="checked" noStyle>
                          <Switch size="small" data-testid="rule-active" />
                        </Form.Item>
                        <span>{t('channels.commentRules.active')}</span>
                      </label>
                      <div className="comment-rule__actions">
                        <Button
                          type="text"
                          icon={<ArrowUpOutlined aria-hidden />}
                          aria-label={t('channels.commentRules.moveUp', { number })}
                          title={t('channels.commentRules.moveUp', { number })}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                          data-testid="rule-up"
                        />
                        <Button
                          type="text"
                          icon={<ArrowDownOutlined aria-hidden />}
                          aria-label={t('channels.commentRules.moveDown', { number })}
                          title={t('channels.commentRules.moveDown', { number })}
                          disabled={index === fields.length - 1}
                          onClick={() => move(index, index + 1)}
                          data-testid="rule-down"
                        />
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('channels.commentRules.delete', { number })}
                          title={t('channels.commentRules.delete', { number })}
                          onClick={() =>
                            confirm({
                              title: t('channels.commentRules.deleteConfirm.title', { number }),
                              content: t('channels.commentRules.deleteConfirm.text'),
                              okText: t('channels.commentRules.deleteConfirm.ok'),
                              onOk: () => remove(name),
                            })
                          }
                          data-testid="rule-delete"
                        />
                      </div>
                    </div>
                    <Form.Item
                      name={[name, 'keywords']}
                      label={t('channels.commentRules.keywords')}
                      extra={t('channels.commentRules.keywordsHint', { max: RULE_LIMITS.keywords })}
                      rules={[
                        {
                          validator: async (_, keywords?: string[]) => {
                            if (!keywords || keywords.length === 0)
                              throw new Error(t('channels.commentRules.keywordsRequired'));
                          },
                        },
                      ]}
                    >
                      <KeywordTags disabled={!canUpdate} />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'canned']}
                      label={t('channels.commentRules.canned')}
                      extra={t('channels.commentRules.cannedHint')}
                      rules={[{ required: true, message: t('channels.commentRules.cannedRequired') }]}
                    >
                      <CannedSelect />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'publicReply']}
                      label={t('channels.commentRules.publicReply')}
                      extra={t('channels.commentRules.publicReplyHint')}
                      rules={[
                        {
                          max: RULE_LIMITS.publicReply,
                          message: t('channels.form.tooLong', { max: RULE_LIMITS.publicReply }),
                        },
                      ]}
                    >
                      <Input.TextArea
                        autoSize={{ minRows: 1, maxRows: 4 }}
                        maxLength={RULE_LIMITS.publicReply}
                        showCount
                        placeholder={t('channels.commentRules.publicReplyPlaceholder')}
                        data-testid="rule-public-reply"
                      />
                    </Form.Item>
                  </li>
                );
              })}
            </ol>
            {canUpdate &&
              (fields.length < RULE_LIMITS.rules ? (
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add(newRule())}
                  data-testid="add-rule"
                >
                  {t('channels.commentRules.add')}
                </Button>
              ) : (
                <p className="channel-form__hint">
                  {t('channels.commentRules.tooManyRules', { max: RULE_LIMITS.rules })}
                </p>
              ))}
          </>
        )}
      </Form.List>
      {canUpdate && (
        <TabSaveFooter
          testId="comment-rules"
          message={formMessage}
          isDirty={isDirty}
          saving={saveMutation.isPending}
          unsavedLabel="channels.commentRules.unsaved"
          saveLabel="channels.commentRules.save"
        />
      )}
    </Form>
  );
}
