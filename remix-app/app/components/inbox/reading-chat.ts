/**
 * Which direct chat this page shows, while the page is in view: a message arriving there is read
 * as it arrives, so the bell does not count it (issue 42). Set by the direct-message screen.
 */
import { useEffect } from 'react';

let reading: string | null = null;

/** The chat `chatId` is shown on this page while the component that calls this is mounted. */
export function useReadingChat(chatId: string | null) {
  useEffect(() => {
    reading = chatId;
    return () => {
      if (reading === chatId) reading = null;
    };
  }, [chatId]);
}

export const isReadingChat = (chatId: string): boolean =>
  reading === chatId && typeof document !== 'undefined' && document.visibilityState === 'visible';
