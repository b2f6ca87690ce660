DROP INDEX "issues_org_team_idx";--> statement-breakpoint
CREATE INDEX "issues_org_assignee_last_idx" ON "issues" USING btree ("organization_id","assignee_user_id","last_response_at","id");--> statement-breakpoint
CREATE INDEX "issues_org_team_status_last_idx" ON "issues" USING btree ("organization_id","team_id","status","last_response_at","id");--> statement-breakpoint
CREATE INDEX "issues_org_status_rank_idx" ON "issues" USING btree ("organization_id",array_position('{un-assigned,on-going,waiting,resolved,resolved-success,resolved-un-success,close,transferred}'::text[], "status"),"id");