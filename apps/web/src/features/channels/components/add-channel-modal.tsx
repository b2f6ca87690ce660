import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelType } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { TYPE_LABELS } from '../utils/channel-form';
import type { MetaChannelType } from '../utils/facebook-login';
import { ChannelIcon } from '../../../components/channel-icon';

const CHOICES: ReadonlyArray<{ type: ChannelType; descriptionKey: TranslationKey }> = [
  { type: 'line', descriptionKey: 'channels.choose.line' },
  { type: 'facebook', descriptionKey: 'channels.choose.facebook' },
  { type: 'instagram', descriptionKey: 'channels.choose.instagram' },
];

type AddChannelModalProps = {
  open: boolean;
  /** A Facebook Login of the last 30 minutes whose Pages can be added without signing in again. */
  hasConnection: boolean;
  isLoggingIn: boolean;
  onClose: () => void;
  onAddLine: () => void;
  onAddFromConnection: (type: MetaChannelType) => void;
  onFacebookLogin: (type: MetaChannelType) => void;
};

/** "Add channel": LINE opens its form; Messenger and Instagram go through Facebook Login first. */
export function AddChannelModal({
  open,
  hasConnection,
  isLoggingIn,
  onClose,
  onAddLine,
  onAddFromConnection,
  onFacebookLogin,
}: AddChannelModalProps) {
  const { t } = useTranslation();
  const [metaType, setMetaType] = useState<MetaChannelType | null>(null);

  function handleChoose(type: ChannelType) {
    if (type === 'line') onAddLine();
    else setMetaType(type);
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={() => setMetaType(null)}
      title={metaType ? t('channels.facebookLogin.title') : t('channels.choose.title')}
      footer={null}
      width={560}
      className="add-channel-modal"
    >
      {metaType === null ? (
        <>
          <p>{t('channels.choose.text')}</p>
          <div className="channel-choices">
            {CHOICES.map(({ type, descriptionKey }) => (
              <button
                key={type}
                type="button"
                className="channel-choice"
                onClick={() => handleChoose(type)}
                data-testid={`choose-${type}`}
              >
                <ChannelIcon type={type} size={36} />
                <span className="channel-choice__text">
                  <strong>{t(TYPE_LABELS[type])}</strong>
                  <span>{t(descriptionKey)}</span>
                </span>
              </button>
            ))}
          </div>
        </>
      ) : (
        <div className="facebook-login" data-testid="facebook-login">
          <div className="facebook-login__type">
            <ChannelIcon type={metaType} size={36} />
            <strong>{t(TYPE_LABELS[metaType])}</strong>
          </div>
          <p>{t('channels.facebookLogin.text')}</p>
          <div className="facebook-login__actions">
            {hasConnection && (
              <Button
                type="primary"
                onClick={() => onAddFromConnection(metaType)}
                data-testid="use-connection"
              >
                {t('channels.facebookLogin.useConnection')}
              </Button>
            )}
            <Button
              type={hasConnection ? 'default' : 'primary'}
              loading={isLoggingIn}
              onClick={() => onFacebookLogin(metaType)}
              data-testid="facebook-login-button"
            >
              {hasConnection ? t('channels.facebookLogin.again') : t('channels.facebookLogin.continue')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
