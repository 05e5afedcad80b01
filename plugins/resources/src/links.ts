/** The resource list's route and power (spec §2 /otherResources). */
export const LIST_PATH = '/otherResources';
export const POWER = 'otherResources';

export const UPLOAD_PATH = `${LIST_PATH}/uploadFiles`;
export const editPath = (id: number) => `${LIST_PATH}/editFile?id=${id}`;
