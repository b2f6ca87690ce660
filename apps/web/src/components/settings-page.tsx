import type { ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import './settings-page.css';

/** The screen's add button (add a tag, invite a user, …). */
export type AddAction = { label: string; onClick: () => void; testId: string; isDisabled?: boolean };

type SettingsPageProps = {
  testId: string;
  title: string;
  subtitle: string;
  /** The add button beside the title; absent when the user may not add (or the open tab adds nothing). */
  add?: AddAction | null;
  children: ReactNode;
};

/** A settings screen: its title, what it is for and its add button, then its content. */
export function SettingsPage({ testId, title, subtitle, add, children }: SettingsPageProps) {
  return (
    <div className="page settings-page" data-testid={testId}>
      <div className="settings-page__head">
        <div>
          <Typography.Title level={1} className="page__title">
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="settings-page__subtitle">
            {subtitle}
          </Typography.Paragraph>
        </div>
        {add && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            disabled={add.isDisabled}
            onClick={add.onClick}
            data-testid={add.testId}
          >
            {add.label}
          </Button>
        )}
      </div>
      {children}
    </div>
  );
}
