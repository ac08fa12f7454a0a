/** The privacy policy of a Cahier instance, in English. */
import { BrowserStorageList, type PrivacyPolicyText } from "./privacy-policy.tsx";

/** The English privacy policy. */
const policy: PrivacyPolicyText = {
  summary: (
    <>
      <p>
        This website runs Cahier, free software for keeping a journal and publishing a blog that
        anyone can install on their own server. This policy explains what this installation stores
        about you, who can read it, how long it is kept and how to have it deleted.
      </p>
      <p>
        In short: your data stays on this server, your entries are private unless you decide
        otherwise, nothing tracks you, and the person who runs this server is the one to ask about
        any of it.
      </p>
    </>
  ),
  sections: {
    operator: {
      title: "Who is responsible for your data",
      body: (
        <>
          <p>
            This installation of Cahier (“this instance”) is run by its <strong>operator</strong>:
            the person or organisation who installed it and looks after its server. The operator
            decides how the instance is run, holds your data, and is responsible for it.
          </p>
          <p>
            The authors of the Cahier software do not run this instance and receive nothing from it:
            no data, no statistics, no error reports. If you do not know who the operator is, ask
            the person who invited you, or look at the sender of the emails this instance sends you.
          </p>
        </>
      ),
    },
    data: {
      title: "What is stored",
      body: (
        <>
          <ul>
            <li>
              <strong>Your account:</strong> email address, username, password (only as a one-way
              bcrypt hash, never in readable form), and what you add to your profile: name,
              biography, avatar and preferred language. Also your role (writer or administrator, if
              you have one), whether your email address is verified and whether you made it visible,
              and when your account was created and last changed.
            </li>
            <li>
              <strong>What you write:</strong> your entries (title, text, date, tags, visibility,
              collection), your collections, your posts (drafts, scheduled and published, with their
              excerpt and cover image) and, for administrators, the items of the instances area.
              Each record keeps its creation and last update dates. What you type in the editors is
              saved automatically; changes to a published post or a public or unlisted entry are
              kept for you alone until you publish or discard them.
            </li>
            <li>
              <strong>Files:</strong> your avatar, the attachments of your entries, the cover images
              of your posts and the images of items, and the smaller versions (thumbnails) the
              server makes of images. Files are kept as you upload them, including what they
              contain: remove the location and other metadata from a photo before uploading it if
              you do not want to share them.
            </li>
            <li>
              <strong>Server logs:</strong> for each request, the server may record the date and
              time, the address requested, the result, your <strong>IP address</strong> and your
              browser’s <strong>user agent</strong> (its name and version). They are used to keep
              the instance working and secure: to find errors and to notice and stop abuse.
            </li>
            <li>
              <strong>Emails:</strong> when you ask for it (address verification, password reset,
              change of email address), the instance sends a message to your address through the
              operator’s mail server, or keeps it in a folder on the server when no mail server is
              configured.
            </li>
          </ul>
        </>
      ),
    },
    purposes: {
      title: "Why it is stored",
      body: (
        <>
          <p>
            Only to provide the service you signed up for: to sign you in, keep what you write, show
            it to the people you chose, send the emails you ask for, and keep the instance running
            and secure.
          </p>
          <p>
            Your data is not used for advertising or profiling, is not sold, and is not used to
            train any model. Where data protection law applies, the basis is the service you asked
            for (your account and your writing) and the operator’s legitimate interest in a working,
            secure server (the logs).
          </p>
        </>
      ),
    },
    visibility: {
      title: "Who can read what",
      body: (
        <>
          <ul>
            <li>
              <strong>Private</strong> entries and collections (the default) are shown only to you.
            </li>
            <li>
              <strong>Unlisted</strong> ones can be read by anyone who has their link, but are not
              listed anywhere.
            </li>
            <li>
              <strong>Public</strong> ones are listed on the site and can be read by anyone,
              including search engines.
            </li>
            <li>
              <strong>Posts</strong> are seen only by their author while they are drafts or
              scheduled, and by everyone once published.
            </li>
            <li>
              <strong>Your profile</strong> is public: username, name, avatar, biography, role and
              the date you joined. Your email address is hidden from other people unless you choose
              to make it visible.
            </li>
          </ul>
          <p>
            One exception matters: the application shows your private entries to you alone, but they
            are not encrypted end to end. The instance’s <strong>superusers</strong> (its
            administrators of last resort, usually the operator) and anyone who can read the
            server’s database, files or backups can technically read everything stored here, private
            entries included. Users with the administrator role cannot read your private entries
            through the application.
          </p>
        </>
      ),
    },
    browser: {
      title: "Cookies and local storage",
      body: (
        <>
          <p>
            This instance keeps five things in your browser. All of them are needed for the site to
            work; none of them tracks you.
          </p>
          <BrowserStorageList
            labels={{ kind: "Kind", purpose: "Purpose", lifetime: "Kept" }}
            items={[
              {
                name: "pb_auth",
                kind: "Cookie (first-party, SameSite=Lax)",
                purpose:
                  "A copy of your sign-in session, so that the server can render pages for you as a signed-in user.",
                lifetime:
                  "Until you log out, or until your session expires (by default 5 days after your last visit).",
              },
              {
                name: "locale",
                kind: "Cookie (first-party, SameSite=Lax)",
                purpose: "The interface language you chose, so that pages arrive in that language.",
                lifetime: "365 days after you last chose a language.",
              },
              {
                name: "pocketbase_auth",
                kind: "Local storage",
                purpose: "Your sign-in session, used by the pages running in your browser.",
                lifetime: "Until you log out.",
              },
              {
                name: "user-locale",
                kind: "Local storage",
                purpose: "The interface language you chose.",
                lifetime: "Until you clear this site’s data in your browser.",
              },
              {
                name: "cahier:draft:v1:…",
                kind: "Local storage",
                purpose:
                  "What you type in the entry and post editors until the server has it: it brings your words back after a crash, and keeps them while you are offline.",
                lifetime: "Until the server has your changes, or you save or discard them.",
              },
            ]}
          />
          <p>
            <strong>Reading statistics</strong> are counted on this server, with no cookie and
            nothing stored on your device: a view of a post, a public entry, the home page, the blog
            or a profile adds one to that page’s total for the day. To count each reader once a day,
            your IP address and user agent are turned into a hash mixed with a random value that
            changes every day and is deleted the next day, after which the hash cannot be linked to
            anyone; your address and user agent themselves are never written down. Kept are daily
            totals per page (views, readers), the name of the sites whose links brought readers, and
            the subscriber counts that feed readers announce. Robots are not counted; with “Do Not
            Track” or Global Privacy Control on, your view counts but you are not counted as a
            reader.
          </p>
          <p>
            There are no analytics scripts, no advertising and no social media widgets. Pages,
            scripts, styles, fonts and images are all served by this instance, so using it makes
            your browser contact no other website. Only what users write can point elsewhere: a link
            you follow takes you to another site with its own policy, and an image a writer embeds
            from another site is loaded from there.
          </p>
        </>
      ),
    },
    sharing: {
      title: "Sharing with others",
      body: (
        <>
          <p>
            Your data is not sold or given to anyone. It leaves this server only through the
            services the operator chose to run the instance with, which then handle it on the
            operator’s behalf: the company hosting the server, the mail service that delivers its
            emails, the storage service holding its files if it is not the server itself, and the
            place where backups are kept.
          </p>
          <p>
            The operator may also have to disclose data when the law of their country requires it.
          </p>
        </>
      ),
    },
    retention: {
      title: "How long it is kept",
      body: (
        <ul>
          <li>
            <strong>Your account and what you write</strong> are kept as long as your account
            exists, or until you delete them. What you delete is removed from the instance at once,
            with its files.
          </li>
          <li>
            <strong>Server logs</strong> are kept for the period the operator sets, then deleted.
            The operator can also record less, or no request details at all.
          </li>
          <li>
            <strong>Reading statistics</strong>: the daily salt and readers’ hashes are deleted the
            day after; the daily totals are kept for the period the operator sets (a year by
            default).
          </li>
          <li>
            <strong>Backups</strong> made by the operator keep a copy of the data as it was on the
            day they were made, until they are replaced according to the operator’s backup schedule.
          </li>
        </ul>
      ),
    },
    rights: {
      title: "Your choices and rights",
      body: (
        <>
          <ul>
            <li>
              <strong>See and correct:</strong> change your name, biography, avatar and language in
              your profile settings, and edit or delete any of your entries, posts and collections
              at any time.
            </li>
            <li>
              <strong>Export:</strong> everything you wrote is available to you, signed in, through
              the web pages and through this instance’s API, which follows the PocketBase API (for
              example <code>/api/collections/entries/records</code>). You can also ask the operator
              for a complete copy of your data.
            </li>
            <li>
              <strong>Delete your account:</strong> ask the operator, or delete it yourself where
              this instance offers it (its API lets the owner of an account delete it). Deleting
              your account removes your profile and avatar, and all your entries, collections and
              posts with their attachments and images. Items of the instances area that named you
              stay, without your name. What deletion cannot reach: server logs until they expire,
              backups until they are replaced, and copies others made of what you had published
              (feed readers, search engines).
            </li>
          </ul>
          <p>
            Depending on where you and the operator live, the law may give you further rights, such
            as, under the EU General Data Protection Regulation, the rights of access,
            rectification, erasure, portability and objection, and the right to complain to a data
            protection authority. Send any request to the operator.
          </p>
        </>
      ),
    },
    security: {
      title: "Security",
      body: (
        <p>
          Passwords are stored only as bcrypt hashes. Every change you make goes through the
          instance’s API and its access rules, which check who you are on each request. How the
          connection to the server is encrypted (HTTPS), and how the server and its backups are
          protected, is up to the operator.
        </p>
      ),
    },
    changes: {
      title: "Changes and contact",
      body: (
        <>
          <p>
            When this policy changes, the date at the top of this page changes with it. For any
            question or request about your data, contact the operator of this instance: they are the
            only ones who can answer it.
          </p>
        </>
      ),
    },
  },
};

export default policy;
