import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { multipleChoiceOptionSchema } from '@earshot/core';
import { apiGet } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

const optionsSchema = z.array(multipleChoiceOptionSchema);

/** SPEC §7 repository call "multiple-choice options by challenge", in their order. */
export const getChoiceOptions = async (challengeId: number, signal?: AbortSignal) =>
  (
    await apiGet(
      `multiple_choice_options?challenge=${challengeId}`,
      parseWith(optionsSchema),
      signal,
    )
  ).sort((a, b) => a.id - b.id);

export const choiceOptionsQueryOptions = (challengeId: number) =>
  queryOptions({
    queryKey: ['multiple-choice-options', challengeId],
    queryFn: ({ signal }) => getChoiceOptions(challengeId, signal),
    staleTime: 10 * 60_000,
  });

export const useChoiceOptions = (challengeId: number, enabled: boolean) =>
  useQuery({ ...choiceOptionsQueryOptions(challengeId), enabled });
