package io.baton.registry.plan;

import java.time.Instant;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.baton.registry.application.ApplicationEntity;
import io.baton.registry.application.ApplicationRepository;
import io.baton.registry.web.ApiException;

/** Plans are appended and read back; the newest plan of a policy is the one in force. */
@Service
public class PlanService {

    private final PlanRepository plans;
    private final ApplicationRepository applications;

    public PlanService(PlanRepository plans, ApplicationRepository applications) {
        this.plans = plans;
        this.applications = applications;
    }

    @Transactional
    public PlanView create(PlanRequest request) {
        io.baton.registry.web.FiniteJson.require("plan", request.plan());
        if (!request.plan().isObject() && !request.plan().isArray()) {
            throw ApiException.invalid("plan", "plan must be a JSON object or array");
        }
        ApplicationEntity application = request.application() == null ? null
                : applications.findByName(request.application()).orElseThrow(() ->
                        ApiException.notFound("application", "no application named " + request.application()));
        PlanEntity saved = plans.saveAndFlush(new PlanEntity(request.policy(),
                application == null ? null : application.id(), request.plan(), Instant.now()));
        return view(saved, application == null ? null : application.name());
    }

    @Transactional(readOnly = true)
    public PlanView get(long id) {
        PlanEntity plan = plans.findById(id).orElseThrow(() -> ApiException.notFound("id", "no plan " + id));
        return view(plan, applicationName(plan));
    }

    @Transactional(readOnly = true)
    public Page<PlanView> list(String policy, String applicationName, Pageable pageable) {
        Page<PlanEntity> page;
        if (applicationName != null) {
            long applicationId = applications.findByName(applicationName).orElseThrow(() ->
                    ApiException.notFound("application", "no application named " + applicationName)).id();
            page = policy == null ? plans.findByApplicationId(applicationId, pageable)
                    : plans.findByPolicyAndApplicationId(policy, applicationId, pageable);
            return page.map(p -> view(p, applicationName));
        }
        page = policy == null ? plans.findAll(pageable) : plans.findByPolicy(policy, pageable);
        return page.map(p -> view(p, applicationName(p)));
    }

    @Transactional
    public void delete(long id) {
        PlanEntity plan = plans.findById(id).orElseThrow(() -> ApiException.notFound("id", "no plan " + id));
        plans.delete(plan);
        plans.flush();
    }

    private String applicationName(PlanEntity plan) {
        return plan.applicationId() == null ? null
                : applications.findById(plan.applicationId()).map(ApplicationEntity::name).orElse(null);
    }

    private static PlanView view(PlanEntity p, String application) {
        return new PlanView(p.id(), p.policy(), application, p.body(), p.createdAt());
    }
}
