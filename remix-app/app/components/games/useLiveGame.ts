/**
 * A game screen's live game: starts from the loader's game, watches the game's socket room
 * (again after every reconnect), keeps whichever of loader data and gameUpdate is newer by
 * version, shows gameError only when it names this player, and sends moves over the socket.
 */
import { useEffect, useState } from 'react';
import type { Game, GameMove } from '@fso/shared';
import { useSocket } from '~/components/socket.tsx';

export function useLiveGame(initial: Game, player: string) {
  const { socket } = useSocket();
  const [game, setGame] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setGame((current) => (current.gameID !== initial.gameID || initial.version >= current.version ? initial : current));
  }, [initial]);

  const gameID = initial.gameID;
  useEffect(() => {
    if (!socket) return;
    const watch = () => socket.emit('joinGame', gameID);
    const onUpdate = ({ gameInstance }: { gameInstance: Game }) => {
      if (gameInstance.gameID === gameID)
        setGame((current) => (gameInstance.version >= current.version ? gameInstance : current));
    };
    const onError = (p: { gameID: string | null; player: string; error: string }) => {
      if (p.player === player && (p.gameID === gameID || p.gameID === null)) setError(p.error);
    };
    socket.on('connect', watch);
    socket.on('gameUpdate', onUpdate);
    socket.on('gameError', onError);
    if (socket.connected) watch();
    return () => {
      socket.off('connect', watch);
      socket.off('gameUpdate', onUpdate);
      socket.off('gameError', onError);
      socket.emit('leaveGame', gameID);
    };
  }, [socket, gameID, player]);

  /** Sends the move live; false when there is no connection (the form then posts instead). */
  const sendMove = (move: GameMove): boolean => {
    if (!socket?.connected) return false;
    setError(null);
    socket.emit('makeMove', { gameID, move: { playerID: player, gameID, move }, version: game.version });
    return true;
  };

  return { game, error, sendMove };
}
