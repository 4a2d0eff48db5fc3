/**
 * A game screen's live game: starts from the loader's game, watches the game's socket room
 * (again after every reconnect), keeps whichever of loader data and gameUpdate is newer by
 * version, and sends moves over the socket; a refused joinGame or move comes back through its
 * acknowledgement (so no gameError is ever sent to this page) and is shown.
 */
import { useEffect, useState } from 'react';
import type { Ack, Game, GameMove } from '@fso/shared';
import { useSocket } from '~/components/socket.tsx';

export function useLiveGame(initial: Game, player: string) {
  const { socket } = useSocket();
  const [game, setGame] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setGame((current) => (current.gameID !== initial.gameID || initial.version >= current.version ? initial : current));
  }, [initial]);

  const gameID = initial.gameID;
  const showRefusal = (reply: Ack<Game>) => {
    if (!reply.ok) setError(reply.error);
  };
  useEffect(() => {
    if (!socket) return;
    const watch = () => socket.emit('joinGame', gameID, showRefusal);
    const onUpdate = ({ gameInstance }: { gameInstance: Game }) => {
      if (gameInstance.gameID === gameID)
        setGame((current) => (gameInstance.version >= current.version ? gameInstance : current));
    };
    socket.on('connect', watch);
    socket.on('gameUpdate', onUpdate);
    if (socket.connected) watch();
    return () => {
      socket.off('connect', watch);
      socket.off('gameUpdate', onUpdate);
      socket.emit('leaveGame', gameID);
    };
  }, [socket, gameID]);

  /** Sends the move live; false when there is no connection (the form then posts instead). */
  const sendMove = (move: GameMove): boolean => {
    if (!socket?.connected) return false;
    setError(null);
    socket.emit('makeMove', { gameID, move: { playerID: player, gameID, move }, version: game.version }, showRefusal);
    return true;
  };

  return { game, error, sendMove };
}
