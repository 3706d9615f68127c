export interface CaughtMail {
    to: string;
    subject: string;
    text: string;
    attachments: {
        filename?: string;
        contentType: string;
        size: number;
    }[];
}
/** A real SMTP server in this process; the app sends to it through nodemailer. */
export declare function startMailCatcher(): Promise<{
    url: string;
    mails: CaughtMail[];
    /** The newest mail to `to` (waits up to 5 s for it). */
    last(to: string): Promise<CaughtMail>;
    close: () => Promise<void>;
}>;
