/**
 * What the partners feature offers the rest of the worker: the register the leads' attribution
 * reads (worker/leads/partners.ts). Another feature takes these from here, never from the models.
 */
export { firstPartnerOfNip, forgetOldPartnerSignIns, partnerById } from './model.ts';
