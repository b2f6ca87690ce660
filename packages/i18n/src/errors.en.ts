// English texts of every error code (`errors.<code>`): typed as ErrorTexts, so a code of
// @sabai/contracts' ErrorCode without a text here fails the type check.
import type { ErrorTexts } from './error-texts';

export const errorsEn: ErrorTexts = {
  unknown: 'Something went wrong. Please try again.',
  network: {
    unavailable: 'Cannot reach the server. Check your connection and try again.',
  },
  ai: {
    auth_failed: 'The AI endpoint refused the API key. Check the key in Settings › AI assist.',
    cancelled: 'The AI request was cancelled.',
    disabled: 'AI assist is turned off for this organisation.',
    endpoint_private:
      'The AI endpoint is on a private or local address, which this server does not allow. Ask the operator to allow local AI servers.',
    feature_off: 'This AI feature is turned off in Settings › AI assist.',
    not_configured: 'AI assist needs an endpoint URL and a model first.',
    over_budget: "This month's AI request budget is used up. It starts again next month.",
    rate_limited: 'The AI endpoint is busy (too many requests). Try again in a moment.',
    timeout: 'The AI endpoint took too long to answer.',
    unavailable: 'The AI endpoint could not be reached or failed to answer.',
  },
  api_token: {
    beyond_role: 'A token cannot be given more than your own role allows.',
    creator_inactive: 'The person who created this API token can no longer sign in to this organisation.',
    expired: 'This API token has expired.',
    expiry_in_past: 'The expiry date must be in the future.',
    invalid: 'This API token is not valid.',
    invalid_permission: 'A resource cannot be granted with this action or scope.',
    not_found: 'This API token no longer exists.',
    person_only: 'Only a signed-in person can do this; API tokens cannot.',
    revoked: 'This API token has been revoked.',
  },
  assist: {
    no_text: 'This message has no text to translate.',
  },
  audit: {
    invalid_cursor: 'This list has changed. Please reload it.',
    invalid_period: "The period's start is after its end.",
  },
  auth: {
    current_password_incorrect: 'Current password incorrect',
    forbidden: 'You do not have permission to do this.',
    invalid_credentials: 'Invalid email address or password',
    invalid_refresh_token: 'Your session has ended. Please sign in again.',
    invalid_state: 'This sign-in step has expired or is not valid. Please start again.',
    reset_token_invalid: 'This link is invalid or has expired. Please ask for a new one.',
    token_expired: 'Your session has expired. Please sign in again.',
    token_revoked: 'Your session has changed. Please sign in again.',
    too_many_attempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    unauthenticated: 'Please sign in to continue.',
  },
  automation: {
    not_found: 'This automation rule or macro no longer exists.',
    order_mismatch: 'The list of rules has changed. Please reload it and try again.',
    reference_missing: 'A team, agent, tag, channel or canned response it uses no longer exists.',
    too_many: 'An organisation can have at most 200 rules.',
  },
  canned: {
    category_exists: 'Duplicate canned category.',
    message_too_long: 'The message can be at most 500 letters.',
    not_found: 'Canned response not found or not allowed.',
    response_exists: 'Duplicate canned response.',
  },
  channel: {
    access_token_rejected:
      'LINE refused this channel’s access token. Paste a valid channel access token in the channel settings.',
    connection_expired: 'Your Facebook Login has expired. Please sign in with Facebook again.',
    duplicate: 'This channel is already connected to your organisation.',
    holiday_cannot_remove: 'This holiday cannot remove.',
    keyword_exists: 'Keyword is already exists.',
    keyword_required: 'Please add at least one keyword.',
    not_found: 'This channel was not found.',
    not_line: 'Only LINE channels have a monthly message quota.',
    not_verified:
      'LINE did not confirm this channel. Check the channel ID, channel secret and channel access token.',
    page_not_in_connection:
      'This Page is not part of your Facebook Login. Please sign in with Facebook again.',
    plan_limit: "Can't add channel, Please contact sale",
    provider_unavailable: 'LINE could not be reached to confirm this channel. Please try again.',
    quota_unavailable: 'LINE could not be reached for this month’s message quota. Please try again.',
    shift_required: 'Please add at least one shift for custom business hours.',
    team_not_found: 'The chosen team no longer exists. Please choose another team.',
    used_by_other_organization: 'This channel is used in another organisation.',
  },
  contact: {
    invalid_cursor: 'The list changed. Please reload it.',
    merge_same: 'A contact cannot be merged into itself. Please choose another contact.',
    not_found: 'This contact does not exist or you cannot see it.',
  },
  email: {
    send_failed: 'The email could not be sent. Please try again later.',
  },
  file: {
    link_expired: 'This link to the file has expired. Ask for a new one.',
    link_invalid: 'This link does not open a file. Ask for a new one.',
    missing: 'Please choose a file to upload.',
    not_found: 'The attached file was not found. Please attach it again.',
    too_large: 'The file is too large: images up to 5 MB, other files up to 30 MB.',
    type_not_allowed: 'Only JPEG, PNG, GIF or WebP images can be uploaded.',
  },
  internal: 'The server had a problem. Please try again in a moment.',
  not_found: 'The item was not found.',
  not_ready: 'The server is not ready yet. Please try again in a moment.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  issue: {
    already_taken: 'Someone else took this issue first.',
    assignee_not_in_team: 'The agent must be a member or the manager of the team.',
    close_already_requested: 'Your manager has already been asked to close this issue.',
    closed: 'This issue is finished and can no longer be changed.',
    invalid_cursor: 'The list changed. Please reload it.',
    no_manager: 'This issue’s team has no manager to ask. Please ask an admin.',
    not_found: 'This issue does not exist or you cannot see it.',
    not_in_team: 'You can only take issues of your own teams.',
    queue_empty: 'No issues are waiting in your teams’ queues.',
    status: {
      cannot_unassign: 'An assigned issue cannot return to Un assigned.',
      close_requires_resolved: 'Only a resolved issue can be closed.',
      closed: 'A closed issue cannot be changed.',
      invalid_transition: 'The issue cannot move to this status.',
      not_assigned: 'Assign the issue to an agent before changing its status.',
      resolve_requires_on_going: 'Only an On going issue can be resolved.',
      staff_cannot_change: 'Staff cannot change the status. Ask your manager to close the issue.',
      unchanged: 'The issue already has this status.',
      use_transfer: 'Use Transfer to move the issue to another team.',
    },
    team_not_found: 'The chosen team no longer exists.',
    team_not_yours: 'You can only assign within your own teams.',
    team_required: 'Please choose a team first.',
  },
  line_link: {
    no_channel: 'Your organisation has no LINE Official Account to link with. Ask an admin to connect one.',
  },
  comment: {
    deleted: 'This comment was deleted.',
    like_facebook_only: 'Instagram does not let a business like a comment. Likes are for Facebook comments.',
    not_a_comment: 'This message is not a comment.',
    own_comment: "This is your own reply: act on the customer's comment instead.",
    private_reply_expired: 'A private reply can be sent only within 7 days of the comment.',
    private_reply_sent: 'This comment already has its private reply: Meta allows one per comment.',
    refused: 'The platform refused this action on the comment.',
  },
  macro: {
    name_exists: 'You already have a macro with this name.',
    not_found: 'This macro no longer exists or is not yours.',
  },
  kb: {
    import: {
      body_invalid: 'The body is missing or longer than 20,000 characters.',
      columns_missing: 'The file needs a header row with the columns title, body, language, tags and status.',
      empty: 'The file has no articles.',
      language_invalid: 'The language must be th or en.',
      not_csv: 'This file cannot be read as UTF-8 CSV.',
      status_invalid: 'The status must be published or draft.',
      tag_unknown: 'A tag in this row does not exist in the organisation.',
      title_invalid: 'The title is missing or longer than 200 characters.',
      too_many_articles: 'The knowledge base is full (at most 2,000 articles).',
      too_many_rows: 'A file can hold at most 500 articles.',
    },
    not_found: 'This article no longer exists.',
    tag_not_found: 'A chosen tag no longer exists.',
    too_many: 'An organisation can have at most 2,000 articles.',
  },
  message: {
    comment_text_only: 'A reply to a comment is text only.',
    chat_in_standby:
      'Another LINE module is answering this chat (standby): nothing can be sent until it hands the chat back.',
    customer_blocked:
      'The customer has blocked this LINE account: messages cannot reach them until they add it again.',
    not_failed: 'This message is not waiting for a retry.',
    note_text_only: 'A private note holds text and files only.',
    quick_reply_line_only: 'Location, camera and date buttons can be sent on LINE only.',
    sticker_line_only: 'Stickers can be sent on LINE only.',
    sticker_not_available: 'LINE does not let an account send this sticker. Choose one from the picker.',
    reply_window_closed:
      'Social reply only within 7 days by platform policy. Reply from the Meta Business Suite inbox or by direct message.',
  },
  notification: {
    not_found: 'This notification no longer exists.',
  },
  outgoing_webhook: {
    not_found: 'This webhook endpoint no longer exists.',
    delivery_not_found: 'This delivery no longer exists.',
    disabled: 'The endpoint is disabled. Enable it before resending.',
    url_invalid: 'Enter an http:// or https:// address without a user name or password.',
    url_private:
      'This address is on a private network (loopback, link-local or private range). Webhooks can only be sent to public addresses.',
    url_unresolvable: 'This host name could not be found. Check the address.',
  },
  password: {
    common: 'This password is too common. Please choose another one.',
    digit: 'The password must contain at least one number.',
    length: 'The password must be 8 to 30 characters long.',
    letter: 'The password must contain at least one English letter.',
    repeated: 'The password must not repeat a character three times in a row (such as aaa or 111).',
  },
  report: {
    invalid_cursor: 'The list changed. Please reload it.',
    invalid_compare: 'Choose a valid compare period.',
    invalid_period: 'Choose a start day on or before the end day.',
    period_too_long: 'Choose a period of at most 366 days.',
  },
  sla: {
    duplicate_scope: 'Another service level policy already covers this team and channel.',
    not_found: 'This service level policy no longer exists.',
  },
  request: {
    invalid: 'The request could not be processed. Please check what you entered and try again.',
    malformed_json: 'The request could not be read. Please reload the page and try again.',
    too_large: 'The request is too large.',
    unsupported_media_type: 'This kind of content cannot be sent here.',
  },
  role: {
    invalid_permission: 'This permission cannot be given to the role.',
    not_editable: 'This role cannot be edited.',
  },
  tag: {
    name_exists: 'This tag name already exists.',
    not_found: 'Tag not found.',
  },
  team: {
    duplicate_member: 'This member is already in the team.',
    has_members: 'Before removing this team, please remove members.',
    member_not_found: 'This user is not a member of the team.',
    member_required: 'Please add at least one member.',
    name_exists: 'This team name already exists.',
    not_found: 'Team not found.',
    used_by_channel: 'This team is assigned to a channel. Choose another team for the channel first.',
    user_not_found: 'The chosen user no longer exists.',
    work_start_after_stop: 'The working start time must begin before the stop time.',
  },
  time_off: {
    already_decided: 'This leave request has already been decided.',
    end_before_start: 'The last day must not be before the first day.',
    in_past: 'This time off has already ended. Choose days from today on.',
    no_team:
      'You are not a member of a team, so there is no manager to ask. Ask an admin to add you to a team.',
    not_found: 'This leave request no longer exists.',
    own_request: 'You cannot decide your own leave request.',
  },
  user: {
    cannot_change_own_role: 'You cannot change your own role.',
    cannot_deactivate_self: 'You cannot deactivate yourself.',
    cannot_delete_self: 'You cannot delete yourself.',
    email_taken: 'This email address is already used by another user.',
    generate_link_failed: 'Could not generate the set-password link. Please try again.',
    hand_over_target_invalid: 'Choose another active agent of the organisation.',
    hand_over_target_not_in_team:
      'The chosen agent is not in every team of these issues. Choose another agent or the team queue.',
    hand_over_team_empty: 'No one else in the team could take its queue. Choose an agent instead.',
    has_open_issues:
      'This user still has open issues. Hand them over to another agent or the team queue first.',
    in_other_team:
      'This user is still a member of another team. Remove the user from that team before updating the role.',
    member_elsewhere: 'This user is a member of a team. Remove the user from the team first.',
    not_found: 'User not found.',
    not_invited: 'This user has already accepted the invitation.',
    plan_limit: "Can't add user, Please contact sale",
    role_not_allowed: 'You cannot give this role.',
    role_not_found: 'The chosen role does not exist.',
    username_taken: 'This username is already taken.',
  },
  validation: {
    failed: 'Some fields are not valid. Please check them and try again.',
    invalid_text:
      'The text contains a character that cannot be saved (such as a null character). Please remove it and try again.',
  },
  web_push: {
    endpoint_not_allowed:
      'This browser’s push service is not supported. Notifications still appear while Sabai Inbox is open.',
  },
  webhook: {
    invalid_signature: 'The webhook signature is not valid.',
    verify_token_mismatch: 'The webhook verify token does not match this channel.',
  },
  xsrf: {
    invalid: 'Your security token expired. Please reload the page and try again.',
  },
};
