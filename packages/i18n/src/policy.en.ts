// The privacy policy (/policy), kept apart from the main catalogue because only that page needs it.
export const policyEn = {
  title: 'Privacy policy',
  updated: 'Last updated: {{date}}',
  intro:
    'Sabai Inbox is a customer-support inbox that businesses (“organisations”) use to answer their customers on LINE, Facebook Messenger and Instagram. This policy explains which personal data Sabai Inbox keeps, why, for how long, and the rights people have under Thailand’s Personal Data Protection Act B.E. 2562 (2019) (PDPA).',
  sections: {
    roles: {
      title: 'Who is responsible',
      body: 'For the data of an organisation’s customers, the organisation is the data controller and Sabai Inbox processes the data on its behalf and only on its instructions. For staff accounts, the organisation and Sabai Inbox are each responsible for the data they use.',
    },
    customers: {
      title: 'Data we keep about customers',
      body: 'When a customer writes to an organisation on LINE, Messenger or Instagram, we keep: the profile the platform shares (display name, profile picture, the platform’s user ID); the messages in both directions with their date and delivery status; attachments such as images, videos, audio, files, stickers and locations; and what staff add, such as name, email, mobile number, birthdate, gender, province, address, notes, tags and the history of each issue.',
    },
    staff: {
      title: 'Data we keep about staff',
      body: 'For each staff member: name, username, email address, role, team, working shifts, profile picture, a password stored only as a one-way hash, notification settings, browser push tokens, the ID of a linked LINE account if one is linked, sign-in records (time, IP address, browser) and the actions taken on issues, which are used for performance reports.',
    },
    purposes: {
      title: 'Why we use the data',
      body: 'To deliver and answer messages, assign issues to staff, show reports to the organisation, keep accounts secure and send service emails such as password-reset links. The legal bases are the performance of the contract with the organisation, legitimate interests in security and service quality, and legal obligations. We never sell personal data and never use it for advertising.',
    },
    sharing: {
      title: 'Who receives the data',
      body: 'Messages are sent through LINE Corporation and Meta Platforms only to deliver them to the customer. Emails are sent through the organisation’s email provider. Hosting providers store the data under contract. Data is disclosed to authorities only when Thai law requires it.',
    },
    retention: {
      title: 'How long we keep it',
      body: 'Conversations, attachments and contacts are kept while the organisation’s account is active, unless the organisation deletes them earlier. After an account is closed, its data is deleted within 90 days and removed from backups within a further 30 days. Sign-in records are kept for 12 months. Password-reset links expire after 60 minutes.',
    },
    security: {
      title: 'How we protect it',
      body: 'Connections use HTTPS, passwords are hashed with Argon2id, sessions use short-lived tokens, and every request is checked against the staff member’s role and the organisation the data belongs to.',
    },
    rights: {
      title: 'Your rights under the PDPA',
      body: 'You may ask to access or receive a copy of your data, to have it transferred, corrected, deleted or restricted, to object to its use, and to withdraw consent you gave. Customers should contact the business they messaged, which we help to answer within 30 days. You may also complain to the Office of the Personal Data Protection Committee (PDPC).',
    },
    cookies: {
      title: 'Cookies and browser storage',
      body: 'We use one security cookie (XSRF-TOKEN) and the browser’s local storage to keep you signed in (session tokens, your display name, picture and role). We use no tracking or advertising cookies.',
    },
    contact: {
      title: 'Contact',
      body: 'Staff can contact their organisation’s administrator. For any question about this policy or to use your rights, write to our data protection officer at {{email}}.',
    },
    changes: {
      title: 'Changes to this policy',
      body: 'When this policy changes we publish the new version on this page with its date, and tell organisations in advance of important changes.',
    },
  },
} as const;
